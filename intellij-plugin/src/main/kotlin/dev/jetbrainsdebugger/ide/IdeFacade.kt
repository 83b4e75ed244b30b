// The narrow, IDE-facing interface the bridge dispatcher drives. The IntelliJ
// implementation (package `intellij`) wraps XDebuggerManager, XBreakpointManager and
// RunManager; tests implement it with recording fakes. Nothing here imports IntelliJ.
package dev.jetbrainsdebugger.ide

import java.util.concurrent.CompletableFuture

/**
 * Every call may be made from any thread and must return quickly: the work happens on
 * the IDE's threads and completes the future. A failure the agent should see completes
 * it exceptionally with [IdeError]; anything else becomes a JSON-RPC internal error.
 * Projects are named by their path (as in [ProjectInfo.path]).
 */
interface IdeFacade {
    fun ideInfo(): IdeInfo
    fun projects(): List<ProjectInfo>
    /** Live sessions, for the handshake after (re)connecting. */
    fun sessions(): List<SessionInfo>
    /** Pauses in effect right now, re-announced after the handshake. */
    fun currentPauses(): List<PauseInfo>

    fun runConfigurations(project: String): CompletableFuture<List<RunConfigurationInfo>>
    /**
     * Starts [configuration]; [options]' overrides go to a copy of it made for this launch
     * (`not_supported` naming its type where the configuration takes none).
     */
    fun launch(project: String, configuration: String, mode: LaunchMode, options: LaunchOptions = LaunchOptions()): CompletableFuture<SessionInfo>
    /**
     * Debugs the file at the absolute path [file] as the IDE's gutter "Debug" does: with the
     * configuration made from it (temporary when none existed). `cannot_debug` when no run
     * configuration type of the IDE can start it, `file_not_found` when there is no such file.
     */
    fun launchFile(project: String, file: String, options: LaunchOptions = LaunchOptions()): CompletableFuture<SessionInfo>
    fun stop(session: String): CompletableFuture<Unit>

    fun resume(session: String): CompletableFuture<Unit>
    fun pause(session: String): CompletableFuture<Unit>
    fun step(session: String, threadId: String, kind: StepKind, ignoreBreakpoints: Boolean): CompletableFuture<Unit>
    fun runToLine(session: String, threadId: String, file: String, line: Int, ignoreBreakpoints: Boolean): CompletableFuture<Unit>

    fun threads(session: String): CompletableFuture<List<ThreadInfo>>
    fun stack(session: String, threadId: String, max: Int): CompletableFuture<StackPage>
    fun selectFrame(session: String, threadId: String, frameRef: String): CompletableFuture<Unit>
    fun variables(session: String, frameRef: String, scope: VariableScope): CompletableFuture<List<ValueInfo>>
    fun children(session: String, childrenRef: String): CompletableFuture<List<ValueInfo>>
    fun setValue(session: String, frameRef: String, target: ValueTarget, value: String): CompletableFuture<ValueInfo>
    fun evaluate(session: String, frameRef: String, expression: String, kind: EvaluationKind): CompletableFuture<ValueInfo>

    fun breakpoints(project: String): CompletableFuture<List<BreakpointInfo>>
    fun addBreakpoint(project: String, spec: BreakpointSpec): CompletableFuture<AddedBreakpoint>
    /** Stop when the value [target] names in frame [frameRef] is written; the breakpoint is the session's until it ends. */
    fun watch(session: String, frameRef: String, target: ValueTarget, name: String): CompletableFuture<BreakpointInfo>
    /** False when no such breakpoint existed. */
    fun removeBreakpoint(project: String, id: String): CompletableFuture<Boolean>

    /** Ask the user (a dialog): deny, allow once, or allow for the debug session. */
    fun confirm(request: ConfirmRequest): CompletableFuture<ConfirmDecision>

    /** Start pushing events into [sink]; called once, before the first connection. */
    fun subscribe(sink: IdeEventSink)
}

/** Events the IDE pushes to the server (the bridge's IDE → server notifications). */
interface IdeEventSink {
    fun sessionStarted(session: SessionInfo)
    fun processStarted(session: String, processId: Long)
    fun paused(pause: PauseInfo)
    fun resumed(session: String)
    fun output(session: String, category: OutputCategory, text: String)
    fun exited(session: String, exitCode: Int)
    fun terminated(session: String, error: String?)
    fun breakpointChanged(project: String, breakpoint: BreakpointInfo)
    fun breakpointRemoved(project: String, id: String)
    fun projectOpened(project: ProjectInfo)
    fun projectClosed(project: ProjectInfo)
}

/**
 * A failure the agent should see: [code] is one of the stable tool error codes of
 * protocol/README.md (`session_not_found`, `not_paused`, `invalid_location`...).
 */
class IdeError(
    val code: String,
    override val message: String,
    val details: Map<String, Any?> = emptyMap(),
) : RuntimeException(message)
