// The seam between the execution model (which launches run configurations) and the debugger
// model (which runs debug sessions): upstream, a debug ProgramRunner calls
// XDebuggerManager.startSession with an XDebugProcessStarter; here the debug runner asks this
// application service to start a session of the scripted debuggee.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.execution.configurations.RunProfile
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.XDebugSession
import java.nio.file.Path

interface DebugLauncher {
    /**
     * Starts a debug session of [script] in [project] (on the EDT, as XDebuggerManager.startSession
     * requires), publishes XDebuggerManagerListener.processStarted and returns the session; its
     * debug process's handler is the process the ExecutionListener events then report.
     */
    fun start(project: Project, sessionName: String, runProfile: RunProfile?, script: Path): XDebugSession
}
