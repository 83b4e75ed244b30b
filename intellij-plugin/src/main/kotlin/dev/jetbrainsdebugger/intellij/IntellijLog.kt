package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.diagnostic.Logger
import dev.jetbrainsdebugger.bridge.BridgeLog

/**
 * The IntelliJ log (idea.log) for this plugin, and the BridgeLog adapter the plain-Kotlin
 * bridge writes through. Logger.error shows an IDE error to the user, so it is kept for bugs.
 */
internal object IntellijLog : BridgeLog {
    private val logger: Logger by lazy { Logger.getInstance(IntellijLog::class.java) }

    override fun info(message: String) = logger.info(message)

    override fun warn(message: String, t: Throwable?) = logger.warn(message, t)

    override fun error(message: String, t: Throwable?) = logger.error(message, t)
}
