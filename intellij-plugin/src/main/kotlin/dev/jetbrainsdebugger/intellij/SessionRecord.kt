package dev.jetbrainsdebugger.intellij

import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.openapi.Disposable
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.frame.XExecutionStack
import com.intellij.xdebugger.frame.XStackFrame
import com.intellij.xdebugger.frame.XValueContainer
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StepKind
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger

/** What the plugin itself last asked a session to do, to attribute the next pause to it. */
internal sealed class Intent {
    /** [fromMethod] is the top frame's presentation before the step (to tell a breakpoint in a callee). */
    data class Step(val kind: StepKind, val fromMethod: String?) : Intent()
    data object Pause : Intent()
    /** [file] is the '/'-path, [line] 1-based. */
    data class RunToLine(val file: String, val line: Int) : Intent()
}

/**
 * What the plugin knows about one debug or run session: its bridge id (`s<executionId>`,
 * from the ExecutionEnvironment the IDE launched it with), the IntelliJ objects behind it,
 * and the per-stop state the bridge hands out as opaque handles (frames f<gen>.<n>, values
 * h<gen>.<n>, threads t<n>). Every stop and every resume starts a new generation, so a handle
 * from an earlier stop answers `variable_expired` instead of reading something else.
 */
internal class SessionRecord(
    val id: String,
    val project: Project,
    val mode: LaunchMode,
    /** Set when the launch is known; a debugger that started before its launch was reported gets it late. */
    @Volatile var executionId: Long?,
    @Volatile var name: String,
    @Volatile var runConfiguration: String,
) {
    @Volatile var env: ExecutionEnvironment? = null
    @Volatile var debugSession: XDebugSession? = null
    @Volatile var processHandler: ProcessHandler? = null
    @Volatile var processId: Long? = null
    @Volatile var language: String? = null

    /** Disposed when the session is over: the XDebugSessionListener hangs on it. */
    @Volatile var listenerDisposable: Disposable? = null

    val announced = AtomicBoolean(false)
    val pidAnnounced = AtomicBoolean(false)
    val exitAnnounced = AtomicBoolean(false)
    val terminated = AtomicBoolean(false)
    /** Set once when its launch was given up (the agent was told `timeout`) and the IDE started it anyway. */
    val startedAfterTimeout = AtomicBoolean(false)
    /** Why the session ended, when it was not the program's own end: told with its `terminated` event. */
    @Volatile var terminationError: String? = null
    @Volatile var debugStopped = false
    @Volatile var processEnded = false
    /** The debuggee's exit code once its process reported it; told once the session's start was. */
    @Volatile var exitCode: Int? = null

    @Volatile var intent: Intent? = null
    @Volatile var lastPause: PauseInfo? = null
    /** The plugin resumed a stop that only logpoints made: that resume is not reported (nor was the stop). */
    val silentResume = AtomicBoolean(false)
    /** Breakpoints were muted by the plugin for an ignore_breakpoints step; unmute at the next stop. */
    @Volatile var unmuteAtNextStop = false
    /** The field watchpoints the agent set in this session: removed when it ends. */
    val watchpoints: MutableList<XBreakpoint<*>> = java.util.concurrent.CopyOnWriteArrayList()

    val handles = Handles(this)
    val threads = ThreadIds()

    fun info(): SessionInfo = SessionInfo(
        id = id,
        name = name,
        runConfiguration = runConfiguration,
        mode = mode,
        project = Projects.info(project).path,
        processId = processId,
        language = language,
    )

    /** The live XDebugSession; `not_supported` for a run session, `session_ended` when over. */
    fun debugger(): XDebugSession {
        if (terminated.get()) throw IdeError("session_ended", "session $id has ended")
        val s = debugSession
        if (s == null) {
            if (mode == LaunchMode.RUN) {
                throw IdeError("not_supported", "session $id was started in run mode and has no debugger; launch it with mode 'debug'")
            }
            throw IdeError("not_paused", "session $id is still starting: its debugger is not attached yet")
        }
        if (s.isStopped) throw IdeError("session_ended", "session $id has ended")
        return s
    }

    /** The live XDebugSession, suspended; `not_paused` while it runs. */
    fun paused(): XDebugSession {
        val s = debugger()
        if (!s.isSuspended || s.suspendContext == null) throw IdeError("not_paused", "session $id is running, not paused")
        return s
    }
}

internal data class FrameHandle(val stack: XExecutionStack, val frame: XStackFrame, val threadId: String, val index: Int)

/**
 * A value the bridge may ask about again: expand it, or set it through its modifier and
 * re-read it from [parent] by [name] (an evaluation result has no parent; it is re-read by
 * evaluating [evaluateName]).
 */
internal data class ValueHandle(
    val value: XValueContainer,
    val name: String,
    val parent: XValueContainer?,
    val frame: FrameHandle?,
    val evaluateName: String?,
)

internal class Handles(private val record: SessionRecord) {
    private val gen = AtomicInteger(0)
    private val counter = AtomicInteger(0)
    private val frames = ConcurrentHashMap<String, FrameHandle>()
    private val values = ConcurrentHashMap<String, ValueHandle>()

    /** The threads of the current stop, listed once per generation. */
    @Volatile var stacks: CompletableFuture<List<Pair<String, XExecutionStack>>>? = null

    val generation: Int get() = gen.get()

    /** A new stop or a resume: every handle handed out so far expires. */
    fun invalidate() {
        gen.incrementAndGet()
        frames.clear()
        values.clear()
        stacks = null
    }

    fun frameRef(handle: FrameHandle): String {
        val ref = "f${gen.get()}.${counter.getAndIncrement()}"
        frames[ref] = handle
        return ref
    }

    fun valueRef(handle: ValueHandle): String {
        val ref = "h${gen.get()}.${counter.getAndIncrement()}"
        values[ref] = handle
        return ref
    }

    fun frame(ref: String): FrameHandle {
        frames[ref]?.let { return it }
        throw stale(ref, "frame", "frame_not_found")
    }

    fun value(ref: String): ValueHandle {
        values[ref]?.let { return it }
        throw stale(ref, "value", "variable_not_found")
    }

    private fun stale(ref: String, what: String, unknownCode: String): IdeError {
        val refGen = ref.drop(1).substringBefore('.').toIntOrNull()
        return if (refGen != null && refGen != gen.get()) {
            IdeError("variable_expired", "$what $ref belongs to an earlier stop of session ${record.id}")
        } else {
            IdeError(unknownCode, "no $what $ref in session ${record.id}")
        }
    }
}

/**
 * Stable thread ids: the IDE has none, so a thread is known by its display name (with a
 * trailing state such as ": RUNNING" cut off, since Java puts the state into the name) and
 * its occurrence among equally named threads.
 */
internal class ThreadIds {
    private val ids = ConcurrentHashMap<String, String>()
    private val next = AtomicInteger(1)

    fun idFor(displayName: String, occurrence: Int): String =
        ids.computeIfAbsent("${stableName(displayName)}#$occurrence") { "t${next.getAndIncrement()}" }

    /** Ids for a listing, in order. */
    fun assign(stacks: List<XExecutionStack>): List<Pair<String, XExecutionStack>> {
        val seen = HashMap<String, Int>()
        return stacks.map { stack ->
            val key = stableName(stack.displayName)
            val n = seen.merge(key, 1, Int::plus)!! - 1
            idFor(stack.displayName, n) to stack
        }
    }

    companion object {
        private val STATE_SUFFIX = Regex(""":\s*[A-Z][A-Z _]*$""")

        fun stableName(displayName: String): String = displayName.replace(STATE_SUFFIX, "").trim()
    }
}
