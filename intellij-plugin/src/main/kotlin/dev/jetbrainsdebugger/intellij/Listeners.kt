// The platform listeners, registered declaratively in plugin.xml (<projectListeners>,
// <applicationListeners>): the platform creates them when it first publishes an event, with
// the project for project-level ones. Each forwards to the facade held by the application
// service, which tracks sessions and breakpoints whether or not the bridge is connected yet.
package dev.jetbrainsdebugger.intellij

import com.intellij.execution.ExecutionListener
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.openapi.project.Project
import com.intellij.openapi.project.ProjectManagerListener
import com.intellij.openapi.startup.ProjectActivity
import com.intellij.xdebugger.XDebugProcess
import com.intellij.xdebugger.XDebuggerManagerListener
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointListener

// Not inline: the handler's own catch must be the one that runs (and that coverage can see).
private fun withFacade(what: String, block: (IntellijIdeFacade) -> Unit) {
    val facade = DebuggerBridgeService.facadeOrNull() ?: return
    try {
        block(facade)
    } catch (t: Throwable) {
        IntellijLog.warn("handling $what failed", t)
    }
}

/** XDebuggerManager.TOPIC: debugger processes starting and stopping. */
class DebuggerSessionsListener(private val project: Project) : XDebuggerManagerListener {
    override fun processStarted(debugProcess: XDebugProcess) =
        withFacade("processStarted") { it.sessions.debugProcessStarted(project, debugProcess) }

    override fun processStopped(debugProcess: XDebugProcess) =
        withFacade("processStopped") { it.sessions.debugProcessStopped(debugProcess) }
}

/** ExecutionManager.EXECUTION_TOPIC: every process launched from a run configuration. */
class ExecutionEventsListener(@Suppress("unused") private val project: Project) : ExecutionListener {
    override fun processNotStarted(executorId: String, env: ExecutionEnvironment, cause: Throwable?) =
        withFacade("processNotStarted") { it.sessions.executionNotStarted(env, cause) }

    override fun processStarting(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler) =
        withFacade("processStarting") { it.sessions.executionStarting(env, handler) }

    override fun processStarted(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler) =
        withFacade("processStarted") { it.sessions.executionStarted(env, handler) }

    override fun processTerminated(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler, exitCode: Int) =
        withFacade("processTerminated") { it.sessions.executionTerminated(env, exitCode) }
}

/** XBreakpointListener.TOPIC: breakpoints added, changed or removed, also in the IDE's UI. */
class BreakpointEventsListener(private val project: Project) : XBreakpointListener<XBreakpoint<*>> {
    override fun breakpointAdded(breakpoint: XBreakpoint<*>) =
        withFacade("breakpointAdded") { it.breakpointChanged(project, breakpoint) }

    override fun breakpointChanged(breakpoint: XBreakpoint<*>) =
        withFacade("breakpointChanged") { it.breakpointChanged(project, breakpoint) }

    override fun breakpointRemoved(breakpoint: XBreakpoint<*>) =
        withFacade("breakpointRemoved") { it.breakpointRemoved(project, breakpoint) }
}

/** ProjectManager.TOPIC (application level): a project is closing. */
class ProjectCloseEventsListener : ProjectManagerListener {
    /** Before the closing project is saved (ProjectManagerImpl.closeProject), on the EDT: the agents' logpoints become the IDE's own. */
    override fun projectClosingBeforeSave(project: Project) {
        try {
            Breakpoints.handOverLogpoints(project, BreakpointIds.of(project))
        } catch (t: Throwable) {
            IntellijLog.warn("handing the agents' logpoints over to the IDE failed", t)
        }
    }

    override fun projectClosing(project: Project) = withFacade("projectClosing") { it.projectClosing(project) }
}

/**
 * postStartupActivity: a project has opened (also run for open projects when the plugin is
 * installed without a restart). Starts the bridge on the first one and reports the project.
 */
class BridgeStartupActivity : ProjectActivity {
    override suspend fun execute(project: Project) {
        val service = DebuggerBridgeService.getInstance() ?: return
        service.ensureStarted()
        try {
            service.facade.projectOpened(project)
        } catch (t: Throwable) {
            IntellijLog.warn("reporting the opened project failed", t)
        }
    }
}
