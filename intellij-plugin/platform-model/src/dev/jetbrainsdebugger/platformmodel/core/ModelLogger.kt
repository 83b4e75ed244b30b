// The IDE log (idea.log) of the model: lines go to stderr; an error (which the IDE shows to the
// user as an "IDE error" balloon, so the platform treats it as a bug report) is a violation of
// the platform that runs when it is logged (a logger lives as long as the JVM: the plugin keeps
// its own, while each test starts a platform of its own).
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.diagnostic.Logger

internal class ModelLogger(private val category: String) : Logger() {
    override fun info(message: String?, t: Throwable?) = line("INFO", message, t)

    override fun warn(message: String?, t: Throwable?) = line("WARN", message, t)

    override fun error(message: String?, t: Throwable?, vararg details: String) {
        line("ERROR", message, t)
        ModelPlatform.current?.app?.reportViolation(ViolationKind.IDE_ERROR, "Logger.error in $category: $message", t)
    }

    private fun line(level: String, message: String?, t: Throwable?) {
        System.err.println("$level $category: $message${if (t != null) " ($t)" else ""}")
    }

    companion object {
        val factory = Logger.Factory { category -> ModelLogger(category) }
    }
}
