// XDebuggerManager of a project (XDebuggerManagerImpl): the running sessions, the current one
// (the last started or stopped at a breakpoint), and the project's breakpoint manager. A session
// that stops is published as XDebuggerManagerListener.processStopped on the project bus, then dropped.
package dev.jetbrainsdebugger.platformmodel.debugger.session

import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerManagerListener
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.ModelBreakpointManager
import java.util.concurrent.CopyOnWriteArrayList

class ModelDebuggerManager(private val project: ModelProject) : XDebuggerManager() {
    val breakpointManager: ModelBreakpointManager by lazy { ModelBreakpointManager(project) }

    /**
     * PyCharm's "Drop into debugger on failed tests" (PyDebuggerOptionsProvider, @ApiStatus.Internal,
     * off by default; a project setting the user changes in Settings, never the plugin).
     */
    @Volatile var pyDropIntoDebuggerOnFailedTests = false

    /**
     * Frames that present themselves asynchronously, as a frame implementing the Flow form of
     * XStackFrame.customizePresentation() (2025.2, @ApiStatus.Experimental) or the split-mode frontend
     * frame (FrontendXStackFrame) does: the UI form customizePresentation(ColoredTextContainer) draws
     * nothing until the presentation arrives, and customizeTextPresentation draws the whole text.
     */
    @Volatile var framesPresentedAsynchronously = false
    private val sessions = CopyOnWriteArrayList<ModelDebugSession>()
    @Volatile private var current: XDebugSession? = null

    override fun getBreakpointManager(): XBreakpointManager = breakpointManager

    override fun getDebugSessions(): Array<XDebugSession> = sessions.toTypedArray()

    override fun getCurrentSession(): XDebugSession? = current

    /** XDebuggerManagerImpl.startSession: registered, made current, processStarted published (the caller's thread, the EDT). */
    internal fun sessionStarted(session: ModelDebugSession) {
        sessions += session
        current = session
        project.publisher(XDebuggerManagerListener::class.java).processStarted(session.debugProcess)
    }

    internal fun sessionActive(session: ModelDebugSession) {
        current = session
    }

    /** XDebugSessionImpl.processStopped: processStopped on the bus first, then removeSession (the session's sessionStopped comes after). */
    internal fun processStopped(session: ModelDebugSession) {
        if (!project.isDisposed) project.publisher(XDebuggerManagerListener::class.java).processStopped(session.debugProcess)
        sessions -= session
        if (current === session) current = sessions.lastOrNull()
    }
}
