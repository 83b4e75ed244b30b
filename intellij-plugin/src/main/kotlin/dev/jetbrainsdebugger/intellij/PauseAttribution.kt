package dev.jetbrainsdebugger.intellij

import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.presentation.FrameNames
import java.util.concurrent.CompletableFuture

/**
 * Why a session paused. The platform does not say (XPauseReason is not exposed on the
 * session), so the reason is inferred, in this order: the plugin's own last request (step,
 * pause, run to line); an enabled line breakpoint at the top frame's position; an enabled
 * exception breakpoint (where the language's debugger names the exception in the top frame,
 * as pydevd and the Java debugger do, only when it does: PyCharm's default "any exception on
 * termination" breakpoint is always on); otherwise "other" (a step or pause the user did in the
 * IDE). In a test launch, an exception stop for a failed assertion is the failed test ([TestFailures]).
 */
internal object PauseAttribution {
    private data class Facts(
        val threadId: String?,
        val position: Pair<String, Int>?,
        val lineHits: List<String>,
        /** Enabled function breakpoints on the top frame's method: a stop at its entry is theirs. */
        val functionHits: List<String>,
        val exceptionBreakpoints: List<String>,
        /** Of [exceptionBreakpoints], the launches' own (break on uncaught): no hit the agent is told. */
        val launchOwned: Set<String>,
        val topMethod: String?,
        /** Null when not an exception stop (or when that cannot be told). */
        val exception: ExceptionInfo?,
        /** Whether [exception] was looked for (Python) rather than inferred from the breakpoints alone. */
        val exceptionChecked: Boolean,
        /** Enabled field watchpoints: their ids and the fields they watch (`Class.field`). */
        val fieldWatchpoints: List<Pair<String, String>> = emptyList(),
    )

    /** [testLaunch]: the session runs tests and asked to stop where they fail. */
    fun attribute(record: SessionRecord, session: XDebugSession, intent: Intent?, testLaunch: Boolean): CompletableFuture<PauseInfo> =
        facts(record, session, intent).thenCompose { f ->
            val pause = decide(record.id, intent, f)
            if (testLaunch && pause.reason == StopReason.EXCEPTION && isTestFailure(record, f)) {
                TestFailures.locate(record, session, pause).exceptionally { e ->
                    IntellijLog.warn("cannot locate the failing test of ${record.id}", e)
                    pause
                }
            } else {
                CompletableFuture.completedFuture(pause)
            }
        }

    /**
     * An exception stop of a test launch is a failing test when the exception is the language's
     * assertion error, or, where the debugger does not name it, when only the launch's own
     * breakpoints could have stopped it: the test runner catches every other exception of a test,
     * so the launch's uncaught-exception breakpoint does not fire in one.
     */
    private fun isTestFailure(record: SessionRecord, f: Facts): Boolean {
        val support = ExceptionBreakpoints.ofSessionLanguage(record.language) ?: return false
        return f.exception?.let { support.isAssertionFailure(it.type) }
            ?: (!f.exceptionChecked && f.exceptionBreakpoints.all { it in f.launchOwned })
    }

    private fun facts(record: SessionRecord, session: XDebugSession, intent: Intent?): CompletableFuture<Facts> {
        val position = session.topFramePosition
        val stack = session.suspendContext?.activeExecutionStack
        val threadId = stack?.let { record.threads.idFor(it.displayName, 0) }
        val where = position?.let { Projects.normalize(it.file.path) to it.line + 1 }
        val top = stack?.topFrame
        val name: CompletableFuture<FrameNames.Name?> = if (top == null) {
            CompletableFuture.completedFuture(null)
        } else {
            Async.onEdt(null) {
                val text = FrameText.of(top)
                FrameNames.parse(text, top.sourcePosition?.file?.name)
            }
        }
        val breakpoints = Async.readOnPooled {
            val manager = Breakpoints.manager(record.project)
            val ids = BreakpointIds.of(record.project)
            val muted = session.areBreakpointsMuted()
            val all = manager.allBreakpoints.filter { it.isEnabled }
            // Method and field breakpoints are XLineBreakpoints too, but a stop at their line is not theirs.
            val line = if (position == null || muted) emptyList() else all.filter(Breakpoints::isLine).map { it as XLineBreakpoint<*> }
                .filter { it.line == position.line && Projects.samePath(Files.pathOfUrl(it.fileUrl), Projects.normalize(position.file.path)) }
                .map { ids.id(it) }
            val exceptions = if (muted) emptyList() else all.filter { it !is XLineBreakpoint<*> && ExceptionBreakpoints.supportFor(it) != null }
            val functions = if (muted) emptyList() else all.filter(Breakpoints::isFunction)
            val fields = if (muted) emptyList() else all.mapNotNull { bp -> FieldWatchpoints.supportFor(bp)?.let { ids.id(bp) to it.describe(bp) } }
            Triple(line, functions, exceptions.map { bp -> ids.id(bp) to ids.isLaunchOwned(bp) }) to fields
        }
        return breakpoints.thenCombine(name.exceptionally { null }) { (found, fields), n ->
            val (line, functions, exceptions) = found
            val functionHits = functions.filter { bp -> n != null && FunctionBreakpoints.supportFor(bp)?.describe(bp)?.let { stopsIn(it, n) } == true }
                .map { BreakpointIds.of(record.project).id(it) }
            Facts(
                threadId, where, line, functionHits, exceptions.map { it.first }, exceptions.filter { it.second }.map { it.first }.toSet(),
                n?.method, null, false, fields,
            )
        }.thenCompose { f ->
            val candidate = intent !is Intent.Step && intent !is Intent.Pause && f.lineHits.isEmpty() && f.exceptionBreakpoints.isNotEmpty()
            val told = if (candidate && top != null) ExceptionBreakpoints.ofSessionLanguage(record.language)?.exceptionInFrame(top) else null
            // A failed answer: the frame did not tell after all, and the enabled exception breakpoints alone decide.
            told?.handle { e, error -> if (error != null) f else f.copy(exception = e, exceptionChecked = true) } ?: CompletableFuture.completedFuture(f)
        }.within(Deadlines.QUICK, "attributing the pause")
    }

    /** Whether [function] (`Class.method`, the class a pattern that may hold `*`) names the frame [name]. */
    private fun stopsIn(function: String, name: FrameNames.Name): Boolean {
        val pattern = function.substringBeforeLast('.')
        val cls = name.className ?: return false
        val glob = Regex(pattern.split('*').joinToString(".*") { Regex.escape(it) })
        return function.substringAfterLast('.') == name.method && (glob.matches(cls) || glob.matches(cls.substringAfterLast('.')))
    }

    private fun decide(session: String, intent: Intent?, f: Facts): PauseInfo {
        fun pause(reason: StopReason, hits: List<String> = emptyList(), description: String? = null, exception: ExceptionInfo? = null) =
            PauseInfo(session, f.threadId, reason, hits, exception, description)

        fun exceptionOrNull(): PauseInfo? {
            if (f.exceptionBreakpoints.isEmpty()) return null
            if (f.exceptionChecked && f.exception == null) return null
            // The exception breakpoint that fired is known only when just one is enabled.
            val hits = if (f.exceptionBreakpoints.size == 1) f.exceptionBreakpoints.filter { it !in f.launchOwned } else emptyList()
            return pause(StopReason.EXCEPTION, hits, "exception breakpoint", f.exception)
        }

        // No public API names the breakpoint a stop was for: a field watchpoint is known only when just one is enabled.
        // The Java debugger stops before the write (JDI's ModificationWatchpointEvent): the new value is not written yet.
        fun fieldWriteOrNull(): PauseInfo? {
            if (f.exception != null || f.fieldWatchpoints.isEmpty()) return null
            val (id, field) = f.fieldWatchpoints.singleOrNull()
                ?: return pause(StopReason.BREAKPOINT, description = "a write of a watched field (one of ${f.fieldWatchpoints.size} field watchpoints)")
            return pause(
                StopReason.BREAKPOINT, listOf(id),
                "$field is written on this line: the IDE stops before the write runs, so it still holds its old value; step over to see the new one",
            )
        }

        return when (intent) {
            is Intent.Pause -> pause(StopReason.PAUSE)
            is Intent.RunToLine -> when {
                f.position != null && f.position.second == intent.line && Projects.samePath(f.position.first, Projects.normalize(intent.file)) ->
                    pause(StopReason.STEP, description = "run to line")
                f.lineHits.isNotEmpty() -> pause(StopReason.BREAKPOINT, f.lineHits)
                else -> exceptionOrNull() ?: pause(StopReason.OTHER, description = "stopped before reaching the run-to-line target")
            }
            is Intent.Step -> {
                // A step over that stops in another method on a breakpoint line stopped on that breakpoint.
                val leftMethod = intent.fromMethod != null && f.topMethod != null && intent.fromMethod != f.topMethod
                if (intent.kind == StepKind.OVER && leftMethod && f.lineHits.isNotEmpty()) {
                    pause(StopReason.BREAKPOINT, f.lineHits)
                } else {
                    pause(StopReason.STEP)
                }
            }
            null -> when {
                f.lineHits.isNotEmpty() -> pause(StopReason.BREAKPOINT, f.lineHits)
                f.functionHits.isNotEmpty() -> pause(StopReason.BREAKPOINT, f.functionHits)
                else -> fieldWriteOrNull() ?: exceptionOrNull() ?: pause(StopReason.OTHER, description = "paused by the IDE (a user action or the debugger itself)")
            }
        }
    }
}
