package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.ApplicationInfo
import com.intellij.openapi.application.ApplicationNamesInfo
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.frame.XExecutionStack
import dev.jetbrainsdebugger.ide.AddedBreakpoint
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.IdeFacade
import dev.jetbrainsdebugger.ide.IdeInfo
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StackPage
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.ThreadInfo
import dev.jetbrainsdebugger.ide.ValueInfo
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import dev.jetbrainsdebugger.presentation.FrameNames
import java.util.concurrent.CompletableFuture

/**
 * The IntelliJ implementation of IdeFacade: thin wiring from the bridge's primitives to the
 * platform's debugger, execution and breakpoint APIs (Sessions, RunConfigs, Breakpoints,
 * PausedSession). Every call returns at once; errors the agent should see are IdeError.
 */
class IntellijIdeFacade : IdeFacade {
    @Volatile private var sink: IdeEventSink? = null

    internal val sessions = Sessions { sink }
    private val runConfigs = RunConfigs(sessions)

    // ----- IDE and projects -------------------------------------------------

    override fun ideInfo(): IdeInfo {
        val build = ApplicationInfo.getInstance().build
        return IdeInfo(ApplicationNamesInfo.getInstance().fullProductName, build.productCode, build.asString())
    }

    override fun projects(): List<ProjectInfo> = Projects.open().map(Projects::info)

    override fun sessions(): List<SessionInfo> = sessions.live().map { it.info() }

    override fun currentPauses(): List<PauseInfo> = sessions.currentPauses()

    override fun subscribe(sink: IdeEventSink) {
        this.sink = sink
        // Sessions that were already running before this plugin listened.
        for (project in Projects.open()) {
            try {
                sessions.adopt(project)
            } catch (t: Throwable) {
                IntellijLog.warn("cannot adopt the running sessions of ${project.name}", t)
            }
        }
    }

    internal fun projectOpened(project: Project) {
        sessions.adopt(project)
        sink?.projectOpened(Projects.info(project))
    }

    internal fun projectClosing(project: Project) {
        val info = Projects.info(project)
        sessions.projectClosing(project)
        sink?.projectClosed(info)
    }

    // ----- run configurations and sessions ----------------------------------

    override fun runConfigurations(project: String): CompletableFuture<List<RunConfigurationInfo>> =
        call("listing run configurations", Deadlines.QUICK) { runConfigs.list(Projects.find(project)) }

    override fun launch(project: String, configuration: String, mode: LaunchMode, options: LaunchOptions): CompletableFuture<SessionInfo> =
        call("launching '$configuration'", Deadlines.LAUNCH) { d -> runConfigs.launch(Projects.find(project), configuration, mode, d, options) }

    override fun launchFile(project: String, file: String, options: LaunchOptions): CompletableFuture<SessionInfo> =
        call("debugging $file", Deadlines.LAUNCH) { d -> runConfigs.launchFile(Projects.find(project), file, d, options) }

    override fun stop(session: String): CompletableFuture<Unit> = call("stopping $session", Deadlines.QUICK) { d ->
        val record = sessions.get(session)
        if (record.terminated.get()) return@call CompletableFuture.completedFuture(Unit)
        val debug = record.debugSession
        val handler = record.processHandler
        when {
            debug != null -> Async.onEdt(d) { if (!debug.isStopped) debug.stop() }
            handler != null -> Async.onEdt(d) { Stopping.stop(handler) }
            else -> failed("not_running", "session $session has no process to stop yet")
        }
    }

    // ----- execution control ------------------------------------------------

    // The session may resume between the check on the bridge's thread and the command on the EDT
    // (the user pressed Resume): a command to a running session does nothing there (the debugger
    // passes it to the threads that are suspended), so each command checks again where it runs.

    override fun resume(session: String): CompletableFuture<Unit> = call("resuming $session", Deadlines.QUICK) { d ->
        val record = sessions.get(session)
        record.paused()
        Async.onEdt(d) {
            val s = record.paused()
            record.intent = null
            s.resume()
        }
    }

    override fun pause(session: String): CompletableFuture<Unit> = call("pausing $session", Deadlines.QUICK) { d ->
        val record = sessions.get(session)
        val s = record.debugger()
        if (s.isSuspended) return@call CompletableFuture.completedFuture(Unit)
        Async.onEdt(d) {
            if (s.isSuspended) return@onEdt
            record.intent = Intent.Pause
            s.pause()
        }
    }

    override fun step(session: String, threadId: String, kind: StepKind, ignoreBreakpoints: Boolean): CompletableFuture<Unit> =
        call("stepping in $session", Deadlines.QUICK) { d ->
            val record = sessions.get(session)
            record.paused()
            PausedSession.stack(record, threadId, d).thenCompose { stack ->
                Async.onEdt(d) {
                    val s = record.paused()
                    makeCurrent(s, stack, threadId)
                    record.intent = Intent.Step(kind, topMethod(stack))
                    if (ignoreBreakpoints && kind != StepKind.OVER && !s.areBreakpointsMuted()) {
                        // Only step over takes ignoreBreakpoints; for the others mute until the next stop.
                        s.setBreakpointMuted(true)
                        record.unmuteAtNextStop = true
                    }
                    try {
                        when (kind) {
                            StepKind.OVER -> s.stepOver(ignoreBreakpoints)
                            StepKind.INTO -> s.stepInto()
                            StepKind.FORCE_INTO -> s.forceStepInto()
                            StepKind.OUT -> s.stepOut()
                        }
                    } catch (t: Throwable) {
                        record.intent = null
                        throw t
                    }
                }
            }
        }

    override fun runToLine(session: String, threadId: String, file: String, line: Int, ignoreBreakpoints: Boolean): CompletableFuture<Unit> =
        call("running $session to $file:$line", Deadlines.QUICK) { d ->
            val record = sessions.get(session)
            record.paused()
            if (line < 1) throw IdeError("invalid_location", "line $line is not a line: lines are 1-based")
            Async.onPooled { Files.resolve(file) }
                .thenCompose { vf ->
                    Async.readOnPooled {
                        val executable = XDebuggerUtil.getInstance().lineBreakpointTypes.any { it.canPutAt(vf, line - 1, record.project) }
                        if (!executable) throw IdeError("invalid_location", "${vf.name}:$line has no executable code")
                        vf
                    }
                }
                .thenCompose { vf ->
                    PausedSession.stack(record, threadId, d).thenCompose { stack ->
                        Async.onEdt(d) {
                            val s = record.paused()
                            val position = XDebuggerUtil.getInstance().createPosition(vf, line - 1)
                                ?: throw IdeError("invalid_location", "${vf.name}:$line is not a position in the file")
                            makeCurrent(s, stack, threadId)
                            record.intent = Intent.RunToLine(Projects.normalize(vf.path), line)
                            s.runToPosition(position, ignoreBreakpoints)
                        }
                    }
                }
        }

    /** Makes [stack] the session's current thread (EDT), so that a step acts on it. */
    private fun makeCurrent(s: XDebugSession, stack: XExecutionStack, threadId: String) {
        val active = s.suspendContext?.activeExecutionStack
        if (active === stack || (active != null && active.displayName == stack.displayName)) return
        val top = stack.topFrame ?: throw IdeError("thread_not_found", "thread $threadId has no frames to step from")
        s.setCurrentStackFrame(stack, top)
    }

    /** The method the top frame of [stack] shows (EDT), to tell later whether a step left it. */
    private fun topMethod(stack: XExecutionStack): String? {
        val top = stack.topFrame ?: return null
        val text = FrameText.of(top)
        return FrameNames.parse(text, top.sourcePosition?.file?.name).method
    }

    // ----- inspection -------------------------------------------------------

    override fun threads(session: String): CompletableFuture<List<ThreadInfo>> =
        call("listing threads of $session", Deadlines.QUICK) { d -> PausedSession.threads(sessions.get(session), d) }

    override fun stack(session: String, threadId: String, max: Int): CompletableFuture<StackPage> =
        call("listing the stack of $threadId", Deadlines.QUICK) { d -> PausedSession.frames(sessions.get(session), threadId, max, d) }

    override fun selectFrame(session: String, threadId: String, frameRef: String): CompletableFuture<Unit> =
        call("selecting frame $frameRef", Deadlines.QUICK) { d -> PausedSession.selectFrame(sessions.get(session), frameRef, d) }

    override fun variables(session: String, frameRef: String, scope: VariableScope): CompletableFuture<List<ValueInfo>> =
        call("reading the variables of $frameRef", Deadlines.VALUES) { d -> PausedSession.variables(sessions.get(session), frameRef, scope, d) }

    override fun children(session: String, childrenRef: String): CompletableFuture<List<ValueInfo>> =
        call("reading the children of $childrenRef", Deadlines.VALUES) { d -> PausedSession.children(sessions.get(session), childrenRef, d) }

    override fun setValue(session: String, frameRef: String, target: ValueTarget, value: String): CompletableFuture<ValueInfo> =
        call("setting a value", Deadlines.SET_OR_EVALUATE) { d -> PausedSession.setValue(sessions.get(session), frameRef, target, value, d) }

    override fun watch(session: String, frameRef: String, target: ValueTarget, name: String): CompletableFuture<BreakpointInfo> =
        call("watching a value", Deadlines.SET_OR_EVALUATE) { d -> FieldWatchpoints.watch(sessions.get(session), frameRef, target, name, d) }

    override fun evaluate(session: String, frameRef: String, expression: String, kind: EvaluationKind): CompletableFuture<ValueInfo> =
        call("evaluating an expression", Deadlines.SET_OR_EVALUATE) { d -> PausedSession.evaluate(sessions.get(session), frameRef, expression, kind, d) }

    // ----- breakpoints ------------------------------------------------------

    override fun breakpoints(project: String): CompletableFuture<List<BreakpointInfo>> =
        call("listing breakpoints", Deadlines.QUICK) { Breakpoints.list(Projects.find(project)) }

    override fun addBreakpoint(project: String, spec: BreakpointSpec): CompletableFuture<AddedBreakpoint> =
        call("adding a breakpoint", Deadlines.QUICK) { d -> Breakpoints.add(Projects.find(project), spec, d) }

    override fun removeBreakpoint(project: String, id: String): CompletableFuture<Boolean> =
        call("removing breakpoint $id", Deadlines.QUICK) { d -> Breakpoints.remove(Projects.find(project), id, d) }

    /** From XBreakpointListener: reported once the change is complete (the listener fires mid-update). */
    internal fun breakpointChanged(project: Project, breakpoint: XBreakpoint<*>) {
        if (sink == null) return
        Async.later {
            if (project.isDisposed) return@later
            val info = Breakpoints.info(project, Breakpoints.manager(project), breakpoint) ?: return@later
            sink?.breakpointChanged(Projects.info(project).path, info)
        }
    }

    internal fun breakpointRemoved(project: Project, breakpoint: XBreakpoint<*>) {
        val ids = BreakpointIds.of(project)
        // Only breakpoints the bridge lists are reported removed (not the IDE's line-placed method breakpoints).
        val known = (
            Breakpoints.isLine(breakpoint) || ExceptionBreakpoints.supportFor(breakpoint) != null || Breakpoints.isFunction(breakpoint) ||
                FieldWatchpoints.supportFor(breakpoint) != null
            ) &&
            !ids.isLaunchOwned(breakpoint)
        val id = ids.id(breakpoint)
        ids.forget(breakpoint)
        if (known) sink?.breakpointRemoved(Projects.info(project).path, id)
    }

    // ----- ui ---------------------------------------------------------------

    override fun confirm(request: ConfirmRequest): CompletableFuture<ConfirmDecision> =
        ConfirmDialog.ask(request, Deadlines.CONFIRM).unwrapped()

    /** Runs [block] (synchronous errors become a failed future) under the call's [Deadline], with unwrapped errors. */
    private fun <T> call(what: String, deadlineMs: Long, block: (Deadline) -> CompletableFuture<T>): CompletableFuture<T> {
        val deadline = Deadline(deadlineMs, what)
        return try {
            deadline.bound(block(deadline))
        } catch (t: Throwable) {
            CompletableFuture.failedFuture(unwrap(t))
        }
    }
}
