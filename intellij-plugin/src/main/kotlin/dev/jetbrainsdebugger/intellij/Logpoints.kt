package dev.jetbrainsdebugger.intellij

import com.intellij.execution.ui.ConsoleViewContentType
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.evaluation.EvaluationMode
import com.intellij.xdebugger.evaluation.XDebuggerEvaluator
import com.intellij.xdebugger.frame.XValue
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.presentation.LogMessages
import java.util.concurrent.CompletableFuture

/**
 * An agent's logpoints at a stop. Their IntelliJ breakpoints suspend and carry no log expression
 * of the IDE's ([Breakpoints]): some debuggers print that only to the session's console (PyCharm's
 * XDebugSession.breakpointReached), where no public API reads it back. So at the stop the plugin
 * evaluates each message in the top frame, gives it to the agent as the session's output (as the
 * standalone backend's debugger does), prints it to the session's console for the user, and
 * resumes at once: a logpoint never stops, as a DAP logpoint does, and neither the pause nor the
 * resume is reported.
 */
internal object Logpoints {
    /**
     * Whether the stop of [session] was only for logpoints that do not stop, and the session has
     * been resumed. A stop the plugin asked for (a step, a pause) is never a logpoint's.
     */
    fun handle(record: SessionRecord, session: XDebugSession, intent: Intent?, output: (String) -> Unit): CompletableFuture<Boolean> {
        if (intent != null) return CompletableFuture.completedFuture(false)
        val position = session.topFramePosition ?: return CompletableFuture.completedFuture(false)
        val frame = session.suspendContext?.activeExecutionStack?.topFrame ?: return CompletableFuture.completedFuture(false)
        return Async.readOnPooled {
            val ids = BreakpointIds.of(record.project)
            if (session.areBreakpointsMuted()) return@readOnPooled emptyList()
            Breakpoints.manager(record.project).allBreakpoints
                .filter { it.isEnabled && Breakpoints.isLine(it) }
                .map { it as XLineBreakpoint<*> }
                .filter { it.line == position.line && Projects.samePath(Files.pathOfUrl(it.fileUrl), Projects.normalize(position.file.path)) }
                .mapNotNull { bp -> ids.id(bp).let { id -> ids.logpoint(id)?.let { id to it } } }
        }.thenCompose { logpoints ->
            if (logpoints.isEmpty()) return@thenCompose CompletableFuture.completedFuture(false)
            logpoints.fold(CompletableFuture.completedFuture(Unit)) { previous, (_, logpoint) ->
                previous.thenCompose { message(frame, logpoint) }.thenApply { text -> say(session, text, output) }
            }.thenCompose {
                logpoints.forEach { (id, _) -> BreakpointIds.of(record.project).hit(id) }
                record.silentResume.set(true)
                Async.onEdt(null) {
                    if (session.isSuspended) session.resume() else record.silentResume.set(false)
                    true
                }
            }
        }.exceptionally { e ->
            IntellijLog.warn("logpoint of ${record.id} failed", e)
            false
        }
    }

    /** The message of [logpoint] evaluated in [frame]; what went wrong reads as the message, as a debugger's own logpoint shows it. */
    private fun message(frame: com.intellij.xdebugger.frame.XStackFrame, logpoint: Logpoint): CompletableFuture<String> =
        Async.onEdtAsync(null) {
            val evaluator = frame.evaluator ?: throw IdeError("not_supported", "this frame cannot evaluate expressions")
            val expression = XDebuggerUtil.getInstance().createExpression(logpoint.expression, logpoint.language, null, EvaluationMode.EXPRESSION)
            val result = CompletableFuture<XValue>()
            evaluator.evaluate(expression, object : XDebuggerEvaluator.XEvaluationCallback {
                override fun evaluated(value: XValue) {
                    result.complete(value)
                }

                override fun errorOccurred(errorMessage: String) {
                    result.completeExceptionally(IdeError("evaluation_failed", errorMessage))
                }
            }, frame.sourcePosition)
            result
        }.thenCompose { value -> Presenter.describe(value, null) }
            .thenApply { LogMessages.text(it.presented.value) }
            .within(Deadlines.SET_OR_EVALUATE, "evaluating a logpoint")
            .exceptionally { e -> "<logpoint: ${unwrap(e).message}>" }

    private fun say(session: XDebugSession, text: String, output: (String) -> Unit) {
        val line = if (text.endsWith("\n")) text else "$text\n"
        output(line)
        Async.laterUi { runCatching { session.consoleView?.print(line, ConsoleViewContentType.NORMAL_OUTPUT) } }
    }
}
