// A debug session (XDebugSessionImpl, xdebugger-impl, index file id 53025990289) over a scripted
// debuggee. Execution control may be called on any thread (upstream has no thread requirement):
// each command asks the process whether it can perform commands and then forwards it; a resume
// or step first fires beforeSessionResume/sessionResumed on the caller's thread (doResume, only
// when paused), and the process acts on the threads that are suspended (PyDebugProcess), so a
// command to a running session does nothing. Stops arrive on the session's debugger thread
// (pydevd's reader thread) as positionReached / breakpointReached, which fire sessionPaused there.
// The process's end stops the session (stopImpl, processStopped): XDebuggerManagerListener.processStopped
// on the project bus, then the session leaves the manager, then sessionStopped, on that thread.
package dev.jetbrainsdebugger.platformmodel.debugger.session

import com.intellij.execution.configurations.RunConfiguration
import com.intellij.execution.configurations.RunProfile
import com.intellij.execution.ui.ConsoleView
import com.intellij.execution.ui.ConsoleViewContentType
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
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

    /**
     * A request to pydevd, answered on the debugger thread; once the debugger is gone (its process
     * ended) the request fails instead, as one sent over a closed connection does: [gone] reports it.
     */
    fun request(gone: (String) -> Unit, task: () -> Unit) {
        try {
            debuggerThread.execute(task)
        } catch (_: java.util.concurrent.RejectedExecutionException) {
            gone(DISCONNECTED)
        }
    }

    /** The package of a Java program's classes; null for Python. */
    internal val jvmPackage: String? = program.jvmPackage
    internal val isJava: Boolean get() = jvmPackage != null

    internal val framesPresentedAsynchronously: Boolean get() = manager.framesPresentedAsynchronously

    /** A Java program's exception classes (ScriptedProgram.jvmExceptions). */
    internal val jvmExceptions: Map<String, List<String>> = program.jvmExceptions

    /**
     * PyDebugProcess.setUnitTestDebuggingMode: pydevd stops on failed tests for a Python test
     * configuration (AbstractPythonTestRunConfiguration) when the user's setting says so.
     */
    internal val stopsOnFailedTests: Boolean
        get() = !isJava && (runProfile as? RunConfiguration)?.type?.id == PYTHON_TESTS && manager.pyDropIntoDebuggerOnFailedTests

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

    /**
     * A test's hook, run once on the adding thread right after the next listener is added: to make
     * the debuggee end at that instant (a short program racing the IDE's listeners, which upstream
     * add their listeners on one thread while the process ends on another).
     */
    @Volatile var afterNextListenerAdded: (() -> Unit)? = null

    override fun addSessionListener(listener: XDebugSessionListener, parentDisposable: Disposable) {
        listeners += listener
        Disposer.register(parentDisposable) { listeners -= listener }
        afterNextListenerAdded?.let { hook ->
            afterNextListenerAdded = null
            hook()
        }
    }

    // ----- execution control (any thread, as upstream) ------------------------------------

    override fun resume() = command { doResume(); debuggee.resume() }

    override fun stepOver(ignoreBreakpoints: Boolean) = command {
        if (ignoreBreakpoints) breakpointsDisabledTemporarily = true
        doResume()
        debuggee.stepOver()
    }

    override fun stepInto() = command { doResume(); debuggee.stepInto() }

    /** PyDebugProcess.startForceStepInto is startStepInto: Python has no filtered-out frames to force into. */
    override fun forceStepInto() = stepInto()

    override fun stepOut() = command { doResume(); debuggee.stepOut() }

    override fun runToPosition(position: XSourcePosition, ignoreBreakpoints: Boolean) = command {
        if (ignoreBreakpoints) breakpointsDisabledTemporarily = true
        doResume()
        debuggee.runTo(Path.of(position.file.path), position.line + 1)
    }

    /** XDebugProcess.startPausing: the debuggee stops at its next line. */
    override fun pause() = command { if (!stopped && !paused) debuggee.pause() }

    /** Upstream: ignored unless the session is suspended (suspendContext ?: return). */
    override fun setCurrentStackFrame(executionStack: XExecutionStack, frame: XStackFrame, isTopFrame: Boolean) {
        if (suspendContext == null) return
        val changed = currentFrame !== frame
        currentStack = executionStack
        currentFrame = frame
        if (changed) listeners.forEach { it.stackFrameChanged() }
    }

    /** XDebugSessionImpl.stop: the process is detached or destroyed (its end then stops the session). */
    override fun stop() {
        if (handler.isProcessTerminated || handler.isProcessTerminating) return
        if (handler.detachIsDefault()) handler.detachProcess() else handler.destroyProcess()
    }

    /** @RequiresReadLock upstream. Muted breakpoints are unregistered from the debuggee (processAllBreakpoints). */
    override fun setBreakpointMuted(muted: Boolean) {
        ApplicationManager.getApplication().assertReadAccessAllowed()
        if (this.muted == muted) return
        this.muted = muted
        listeners.forEach { it.breakpointsMuted(muted) }
    }

    /** Every command: `if (!myDebugProcess.checkCanPerformCommands()) return` (a PyDebugProcess always can), then the process. */
    private inline fun command(command: () -> Unit) {
        if (process.checkCanPerformCommands()) command()
    }

    /**
     * XDebugSessionImpl.doResume: nothing unless paused. Upstream the listeners hear sessionResumed after the
     * process is told to resume; the scripted debuggee can stop again within microseconds (a real one is a
     * socket away), so the model tells the listeners first, keeping "resumed" before the next "paused" as it is
     * in the IDE.
     */
    private fun doResume() {
        if (!paused) return
        listeners.forEach { it.beforeSessionResume() }
        suspendContext = null
        currentStack = null
        currentFrame = null
        paused = false
        listeners.forEach { it.sessionResumed() }
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
     * session resumes or stops, on that listener's thread (handleTemporaryBreakpointHit: a session listener
     * calling XDebuggerUtil.removeBreakpoint).
     */
    internal fun breakpointReached(breakpoint: XBreakpoint<*>, evaluatedLogExpression: String?, context: PySuspendContext) {
        evaluatedLogExpression?.let(::printMessage)
        positionReached(context)
        if (breakpoint is XLineBreakpoint<*> && breakpoint.isTemporary) handleTemporaryBreakpointHit(breakpoint)
    }

    private fun handleTemporaryBreakpointHit(breakpoint: XBreakpoint<*>) {
        listeners += object : XDebugSessionListener {
            fun removeBreakpoint() {
                manager.breakpointManager.removeBreakpoint(breakpoint)
                listeners -= this
            }

            override fun sessionResumed() = removeBreakpoint()

            override fun sessionStopped() = removeBreakpoint()
        }
    }

    /**
     * What the session's console shows besides the process's output. XDebugSessionImpl.breakpointReached prints
     * a breakpoint's evaluated log expression there (printMessage, straight to the ConsoleView): it never
     * passes the ProcessHandler, so no ProcessListener hears it.
     */
    val console = CopyOnWriteArrayList<String>()

    internal fun printMessage(message: String) {
        console += message
    }

    /** XDebugSession.getConsoleView(): what is printed there is what the user sees in the session's console. */
    private val consoleView = object : ConsoleView {
        override fun print(text: String, contentType: ConsoleViewContentType) {
            console += text
        }
    }

    override fun getConsoleView(): ConsoleView = consoleView

    /**
     * The debuggee ended: the process terminates (its listeners hear processWillTerminate, then
     * processTerminated), which stops the session (stopImpl, then processStopped): processStopped on the
     * bus, the session leaves the manager, then sessionStopped.
     */
    internal fun processEnded(exitCode: Int) {
        handler.ended(exitCode)
        stopped = true
        paused = false
        suspendContext = null
        manager.processStopped(this)
        listeners.forEach { it.sessionStopped() }
        listeners.clear()
        debuggerThread.shutdown()
    }

    private companion object {
        const val DISCONNECTED = "The debugger is disconnected"
        /** PythonTestConfigurationType's id. */
        const val PYTHON_TESTS = "tests"
    }
}
