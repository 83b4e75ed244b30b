// The debugger part of the platform model: XDebuggerUtil (application service), the breakpoint
// types (extensions of com.intellij.xdebugger.breakpointType, as the Python and Java plugins
// declare them), the DebugLauncher the execution model's debug runner calls, and per project its
// XDebuggerManager (project service).
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.execution.configurations.RunProfile
import com.intellij.openapi.application.ApplicationInfo
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerUtil
import dev.jetbrainsdebugger.platformmodel.core.DebugLauncher
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import dev.jetbrainsdebugger.platformmodel.core.ModelArea
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.JavaExceptionBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.JavaLineBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.JavaFieldBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.JavaMethodBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.JavaWildcardMethodBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.PythonExceptionBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.PythonLineBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.SavedBreakpoint
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebuggerManager
import java.nio.file.Path

class DebuggerArea : ModelArea {
    override fun registerApplication(app: ModelApplication) {
        app.register(XDebuggerUtil::class.java, ModelDebuggerUtil())
        app.register(DebugLauncher::class.java, ModelDebugLauncher())
        val product = ApplicationInfo.getInstance().build.productCode
        for (type in typesByProduct[product].orEmpty()) app.registerExtension(BREAKPOINT_TYPE_EP, type())
    }

    override fun registerProject(project: ModelProject) {
        project.register(XDebuggerManager::class.java, ModelDebuggerManager(project))
    }

    /** XDebuggerManagerImpl is a workspace component: its state is the breakpoint manager's (loadState / saveState). */
    override fun loadProject(project: ModelProject, workspace: Map<String, Any>) {
        @Suppress("UNCHECKED_CAST")
        val saved = workspace[WORKSPACE_COMPONENT] as? List<SavedBreakpoint> ?: return
        breakpoints(project).loadState(saved)
    }

    override fun saveProject(project: ModelProject, workspace: MutableMap<String, Any>) {
        workspace[WORKSPACE_COMPONENT] = breakpoints(project).saveState()
    }

    private fun breakpoints(project: ModelProject) = (XDebuggerManager.getInstance(project) as ModelDebuggerManager).breakpointManager

    private companion object {
        const val BREAKPOINT_TYPE_EP = "com.intellij.xdebugger.breakpointType"
        const val WORKSPACE_COMPONENT = "XDebuggerManager"

        private val python = listOf(::PythonLineBreakpointType, ::PythonExceptionBreakpointType)
        private val java = listOf(::JavaLineBreakpointType, ::JavaExceptionBreakpointType, ::JavaMethodBreakpointType, ::JavaWildcardMethodBreakpointType, ::JavaFieldBreakpointType)

        /** The breakpoint types each modelled product has: its bundled language plugins' (PyCharm: Python; IntelliJ IDEA: Java). */
        val typesByProduct: Map<String, List<() -> com.intellij.xdebugger.breakpoints.XBreakpointType<*, *>>> = mapOf(
            "PC" to python,
            "IC" to java,
            "IU" to java + python,
        )
    }
}

/**
 * XDebuggerManager.startSession for a Python run (or a Java one, alike in the model): on the EDT, the session is created and
 * registered, XDebuggerManagerListener.processStarted published, the handler's start notified,
 * then the debuggee connects and runs (PyDebugProcess.sessionInitialized, off the EDT).
 */
class ModelDebugLauncher : DebugLauncher {
    override fun start(project: Project, sessionName: String, runProfile: RunProfile?, script: Path): XDebugSession {
        ApplicationManager.getApplication().assertIsDispatchThread()
        val program = ScriptedProgram.forScript(script.fileName.toString())
            ?: throw IllegalArgumentException("no scripted program simulates ${script.fileName}")
        val manager = XDebuggerManager.getInstance(project) as ModelDebuggerManager
        val session = ModelDebugSession(project, sessionName, runProfile, script.toAbsolutePath().normalize(), program, manager)
        manager.sessionStarted(session)
        session.handler.startNotify()
        session.debuggerThread.execute { session.start() }
        return session
    }
}
