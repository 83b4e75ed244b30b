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
 * as pydevd does, only when it does: PyCharm's default "any exception on termination"
 * breakpoint is always on); otherwise "other" (a step or pause the user did in the IDE).
 */
internal object PauseAttribution {
    private data class Facts(
        val threadId: String?,
        val position: Pair<String, Int>?,
        val lineHits: List<String>,
        val exceptionBreakpoints: List<String>,
        val topMethod: String?,
        /** Null when not an exception stop (or when that cannot be told). */
        val exception: ExceptionInfo?,
        /** Whether [exception] was looked for (Python) rather than inferred from the breakpoints alone. */
        val exceptionChecked: Boolean,
    )

    fun attribute(record: SessionRecord, session: XDebugSession, intent: Intent?): CompletableFuture<PauseInfo> =
        facts(record, session, intent).thenApply { f -> decide(record.id, intent, f) }

    private fun facts(record: SessionRecord, session: XDebugSession, intent: Intent?): CompletableFuture<Facts> {
        val position = session.topFramePosition
        val stack = session.suspendContext?.activeExecutionStack
        val threadId = stack?.let { record.threads.idFor(it.displayName, 0) }
        val where = position?.let { Projects.normalize(it.file.path) to it.line + 1 }
        val top = stack?.topFrame
        val method: CompletableFuture<String?> = if (top == null) {
            CompletableFuture.completedFuture(null)
        } else {
            Async.onEdt(null) {
                val text = FrameText().also { top.customizePresentation(it) }.text
                FrameNames.parse(text, top.sourcePosition?.file?.name).method
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
                .map { ids.id(it as XBreakpoint<*>) }
            line to exceptions
        }
        return breakpoints.thenCombine(method.exceptionally { null }) { (line, exceptions), m ->
            Facts(threadId, where, line, exceptions, m, null, false)
        }.thenCompose { f ->
            val candidate = intent !is Intent.Step && intent !is Intent.Pause && f.lineHits.isEmpty() && f.exceptionBreakpoints.isNotEmpty()
            val told = if (candidate && top != null) ExceptionBreakpoints.ofSessionLanguage(record.language)?.exceptionInFrame(top) else null
            told?.thenApply { e -> f.copy(exception = e, exceptionChecked = true) } ?: CompletableFuture.completedFuture(f)
        }.within(Deadlines.QUICK, "attributing the pause")
    }

    private fun decide(session: String, intent: Intent?, f: Facts): PauseInfo {
        fun pause(reason: StopReason, hits: List<String> = emptyList(), description: String? = null, exception: ExceptionInfo? = null) =
            PauseInfo(session, f.threadId, reason, hits, exception, description)

        fun exceptionOrNull(): PauseInfo? {
            if (f.exceptionBreakpoints.isEmpty()) return null
            if (f.exceptionChecked && f.exception == null) return null
            // The exception breakpoint that fired is known only when just one is enabled.
            val hits = if (f.exceptionBreakpoints.size == 1) f.exceptionBreakpoints else emptyList()
            return pause(StopReason.EXCEPTION, hits, "exception breakpoint", f.exception)
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
                else -> exceptionOrNull() ?: pause(StopReason.OTHER, description = "paused by the IDE (a user action or the debugger itself)")
            }
        }
    }
}
