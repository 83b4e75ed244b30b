// Debug mode's start: the debugger area's session, and the process handler behind it.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionException
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.openapi.application.ApplicationManager
import dev.jetbrainsdebugger.platformmodel.core.DebugLauncher
import java.nio.file.Path

/**
 * What PyDebugRunner does through `XDebuggerManager.startSession(environment, starter)` (on the
 * EDT): the session, named after the run profile, starts and XDebuggerManagerListener.processStarted
 * is published before the runner returns; the launch then reports the debug process's handler.
 */
internal object DebugLaunch {
    fun start(environment: ExecutionEnvironment, script: String): ProcessHandler {
        val launcher = ApplicationManager.getApplication().getService(DebugLauncher::class.java)
            ?: throw ExecutionException("this IDE has no debugger for ${environment.runProfile.name}")
        val base = environment.project.basePath ?: throw ExecutionException("project ${environment.project.name} has no base directory")
        val session = launcher.start(environment.project, environment.runProfile.name, environment.runProfile, Path.of(base, script))
        return session.debugProcess.processHandler
    }
}
