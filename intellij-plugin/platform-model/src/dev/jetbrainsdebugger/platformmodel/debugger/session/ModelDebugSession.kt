// A debug session (XDebugSessionImpl) over a scripted debuggee. Execution control is called on
// the EDT (the platform's debugger actions run there; the model asserts it): resume and the steps
// first fire beforeSessionResume/sessionResumed on the caller's thread (doResume) and then let the
// debuggee run; stops arrive on the session's debugger thread (pydevd's reader thread) as
// positionReached / breakpointReached, which fire sessionPaused there. The process's end stops the
// session: sessionStopped, then XDebuggerManagerListener.processStopped, on that thread too.
package dev.jetbrainsdebugger.platformmodel.debugger.session

import com.intellij.execution.configurations.RunProfile
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.application.WriteAction
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.xdebugger.XDebugProcess
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebugSessionListener
import com.intellij.xdebugger.XSourcePosition
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.frame.XExecutionStack
import com.intellij.xdebugger.frame.XStackFrame
import com.intellij.xdebugger.frame.XSuspendContext
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import dev.jetbrainsdebugger.platformmodel.core.ViolationKind
import dev.jetbrainsdebugger.platformmodel.debugger.frames.PySuspendContext
import dev.jetbrainsdebugger.platformmodel.debugger.program.Debuggee
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import java.nio.file.Path
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

class ModelDebugSession(
    private val project: Project,
    private val sessionName: String,
    private val runProfile: RunProfile?,
    script: Path,
    program: ScriptedProgram,
    private val manager: ModelDebuggerManager,
) : XDebugSession {
    private val listeners = CopyOnWriteArrayList<XDebugSessionListener>()

    /**
     * pydevd's reader thread: every asynchronous answer of this session's debugger comes from here. What a
     * callback throws on it is an error the IDE would log (and show): a violation.
     */
    val debuggerThread: ExecutorService = Executors.newSingleThreadExecutor { r ->
        Thread(r, "pydevd reader: $sessionName").apply {
            isDaemon = true
            setUncaughtExceptionHandler { _, e ->
                (ApplicationManager.getApplication() as? ModelApplication)?.reportViolation(ViolationKind.IDE_ERROR, "the debugger thread of $sessionName failed", e)
            }
        }
    }

    val handler = ModelProcessHandler { debuggee.kill() }
    private val process = ModelDebugProcess(this, handler)
    internal val debuggee = Debuggee(program, script, DebuggeeBridge(this, manager.breakpointManager))

    @Volatile private var suspendContext: PySuspendContext? = null
    @Volatile private var currentStack: XExecutionStack? = null
    @Volatile private var currentFrame: XStackFrame? = null
    @Volatile private var paused = false
    @Volatile private var stopped = false
    @Volatile private var muted = false
    /** XDebugSessionImpl.setBreakpointsDisabledTemporarily: an ignore-breakpoints step or run-to-line, until the next stop. */
    @Volatile internal var breakpointsDisabledTemporarily = false

    internal val breakpointsMuted: Boolean get() = muted

    /** Lets the debuggee run: it reports its output, stops and end through the debugger thread. */
    internal fun start() = debuggee.start()

    // ----- state --------------------------------------------------------------------

    override fun getProject() = project
    override fun getDebugProcess(): XDebugProcess = process
    override fun isSuspended() = paused && suspendContext != null
    override fun isPaused() = paused
    override fun isStopped() = stopped
    override fun getCurrentStackFrame() = currentFrame
    override fun getSuspendContext(): XSuspendContext? = suspendContext
    override fun getTopFramePosition(): XSourcePosition? = suspendContext?.activeExecutionStack?.topFrame?.sourcePosition
    override fun getSessionName() = sessionName
    override fun getRunProfile() = runProfile
    override fun areBreakpointsMuted() = muted

    override fun addSessionListener(listener: XDebugSessionListener, parentDisposable: Disposable) {
        listeners += listener
        Disposer.register(parentDisposable) { listeners -= listener }
    }

    // ----- execution control (EDT) ------------------------------------------------------

    override fun resume() = control { doResume(); debuggee.resume() }

    override fun stepOver(ignoreBreakpoints: Boolean) = control {
        if (ignoreBreakpoints) breakpointsDisabledTemporarily = true
        doResume()
        debuggee.stepOver()
    }

    override fun stepInto() = control { doResume(); debuggee.stepInto() }

    /** PyDebugProcess.startForceStepInto is startStepInto: Python has no filtered-out frames to force into. */
    override fun forceStepInto() = stepInto()

    override fun stepOut() = control { doResume(); debuggee.stepOut() }

    override fun runToPosition(position: XSourcePosition, ignoreBreakpoints: Boolean) = control {
        if (ignoreBreakpoints) breakpointsDisabledTemporarily = true
        doResume()
        debuggee.runTo(Path.of(position.file.path), position.line + 1)
    }

    /** XDebugProcess.startPausing: the debuggee stops at its next line. */
    override fun pause() {
        ApplicationManager.getApplication().assertIsDispatchThread()
        if (!stopped && !paused) debuggee.pause()
    }

    override fun setCurrentStackFrame(executionStack: XExecutionStack, frame: XStackFrame, isTopFrame: Boolean) {
        ApplicationManager.getApplication().assertIsDispatchThread()
        if (!paused) return
        currentStack = executionStack
        currentFrame = frame
        listeners.forEach { it.stackFrameChanged() }
    }

    /** XDebugSessionImpl.stop: the process is destroyed (its end then stops the session). */
    override fun stop() {
        ApplicationManager.getApplication().assertIsDispatchThread()
        if (handler.isProcessTerminated || handler.isProcessTerminating) return
        handler.destroyProcess()
    }

    /** Muted breakpoints are unregistered from the debuggee (XDebugSessionImpl.processAllBreakpoints). */
    override fun setBreakpointMuted(muted: Boolean) {
        if (this.muted == muted) return
        this.muted = muted
        listeners.forEach { it.breakpointsMuted(muted) }
    }

    /** Commands act only on a paused session (XDebugSessionImpl ignores them otherwise), on the EDT. */
    private inline fun control(command: () -> Unit) {
        ApplicationManager.getApplication().assertIsDispatchThread()
        if (paused && !stopped) command()
    }

    /**
     * XDebugSessionImpl.doResume. Upstream the listeners hear sessionResumed after the process is told to
     * resume; the scripted debuggee can stop again within microseconds (a real one is a socket away), so
     * the model tells the listeners first, keeping "resumed" before the next "paused" as it is in the IDE.
     */
    private fun doResume() {
        listeners.forEach { it.beforeSessionResume() }
        suspendContext = null
        currentStack = null
        currentFrame = null
        paused = false
        listeners.forEach { it.sessionResumed() }
        removeTemporaryHits()
    }

    // ----- from the debuggee (debugger thread) ------------------------------------------

    /** XDebugSessionImpl.positionReached: the stop becomes the session's state, then sessionPaused. */
    internal fun positionReached(context: PySuspendContext) {
        breakpointsDisabledTemporarily = false
        suspendContext = context
        currentStack = context.activeExecutionStack
        currentFrame = context.activeExecutionStack.topFrame
        paused = true
        manager.sessionActive(this)
        listeners.forEach { it.sessionPaused() }
    }

    /**
     * XDebugSessionImpl.breakpointReached. A temporary line breakpoint that was hit is removed when the
     * session resumes or stops (handleTemporaryBreakpointHit's session listener).
     */
    internal fun breakpointReached(breakpoint: XBreakpoint<*>, evaluatedLogExpression: String?, context: PySuspendContext) {
        evaluatedLogExpression?.let(::printMessage)
        if (breakpoint is XLineBreakpoint<*> && breakpoint.isTemporary) temporaryHits += breakpoint
        positionReached(context)
    }

    private val temporaryHits = CopyOnWriteArrayList<XBreakpoint<*>>()

    /**
     * What the session's console shows besides the process's output. XDebugSessionImpl.breakpointReached prints
     * a breakpoint's evaluated log expression there (printMessage, straight to the ConsoleView): it never
     * passes the ProcessHandler, so no ProcessListener hears it.
     */
    val console = CopyOnWriteArrayList<String>()

    internal fun printMessage(message: String) {
        console += message
    }

    /** XDebuggerUtil.removeBreakpoint: a write action on the EDT. */
    private fun removeTemporaryHits() {
        val hits = temporaryHits.toList()
        temporaryHits.clear()
        if (hits.isEmpty()) return
        val remove = Runnable { WriteAction.run<RuntimeException> { hits.forEach(manager.breakpointManager::removeBreakpoint) } }
        val app = ApplicationManager.getApplication()
        if (app.isDispatchThread) remove.run() else app.invokeLater(remove, ModalityState.nonModal())
    }

    /** The debuggee ended: the process terminates first, then the session stops (XDebugSessionImpl.stopImpl). */
    internal fun processEnded(exitCode: Int) {
        handler.ended(exitCode)
        stopped = true
        paused = false
        suspendContext = null
        listeners.forEach { it.sessionStopped() }
        removeTemporaryHits()
        manager.sessionStopped(this)
        debuggerThread.shutdown()
    }
}
