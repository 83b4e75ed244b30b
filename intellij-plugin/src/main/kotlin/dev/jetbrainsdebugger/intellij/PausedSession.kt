package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.roots.ProjectFileIndex
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.evaluation.EvaluationMode
import com.intellij.xdebugger.evaluation.XDebuggerEvaluator
import com.intellij.xdebugger.frame.XExecutionStack
import com.intellij.xdebugger.frame.XStackFrame
import com.intellij.xdebugger.frame.XValue
import com.intellij.xdebugger.frame.XValueContainer
import com.intellij.xdebugger.frame.XValueModifier
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.FrameInfo
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.StackPage
import dev.jetbrainsdebugger.ide.ThreadInfo
import dev.jetbrainsdebugger.ide.ValueInfo
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import dev.jetbrainsdebugger.presentation.FrameNames
import java.util.concurrent.CompletableFuture

/**
 * Reading a paused session: threads, stack frames, variables, children, setting values and
 * evaluating. All of it goes through the callbacks the IDE's Debug tool window uses, started on
 * the EDT (where the platform calls them) and collected by the nodes in Collectors.kt.
 */
internal object PausedSession {
    /** Frames listed at most (the total of a deeper stack is reported as this). */
    private const val MAX_FRAMES = 1000

    /** Children loaded at most through "too many children" continuations. */
    private const val MAX_CHILDREN = 500

    /** Values presented per call; the rest are summarised in one row. */
    private const val MAX_PRESENTED = 300

    // ----- threads and frames ----------------------------------------------

    /** The threads of the current stop, with stable ids; listed once per stop. */
    fun stacks(record: SessionRecord, deadline: Deadline): CompletableFuture<List<Pair<String, XExecutionStack>>> {
        val session = record.paused()
        record.handles.stacks?.let { if (!it.isCompletedExceptionally) return it }
        val context = session.suspendContext ?: throw IdeError("not_paused", "session ${record.id} is running, not paused")
        val listing = StacksCollector.of(context, Deadlines.QUICK, deadline).thenApply { record.threads.assign(it) }
        record.handles.stacks = listing
        return listing
    }

    fun threads(record: SessionRecord, deadline: Deadline): CompletableFuture<List<ThreadInfo>> =
        stacks(record, deadline).thenApply { list -> list.map { (id, stack) -> ThreadInfo(id, stack.displayName) } }

    fun stack(record: SessionRecord, threadId: String, deadline: Deadline): CompletableFuture<XExecutionStack> =
        stacks(record, deadline).thenApply { list ->
            list.firstOrNull { it.first == threadId }?.second
                ?: throw IdeError("thread_not_found", "no thread $threadId in session ${record.id}")
        }

    fun frames(record: SessionRecord, threadId: String, max: Int, deadline: Deadline): CompletableFuture<StackPage> =
        stack(record, threadId, deadline).thenCompose { stack ->
            FramesCollector.of(stack, MAX_FRAMES, Deadlines.QUICK, deadline).thenCompose { frames ->
                val shown = frames.take(maxOf(max, 1))
                val handles = shown.mapIndexed { i, f -> FrameHandle(stack, f, threadId, i) }
                describeFrames(record, handles, deadline).thenApply { infos -> StackPage(infos, frames.size) }
            }
        }

    private data class Drawn(val text: String, val file: com.intellij.openapi.vfs.VirtualFile?, val line: Int?)

    private fun describeFrames(record: SessionRecord, handles: List<FrameHandle>, deadline: Deadline): CompletableFuture<List<FrameInfo>> =
        Async.onEdt(deadline) {
            handles.map { h ->
                val position = h.frame.sourcePosition
                val text = FrameText.of(h.frame)
                Drawn(text, position?.file, position?.line?.plus(1))
            }
        }.thenCompose { drawn ->
            Async.readOnPooled {
                val index = ProjectFileIndex.getInstance(record.project)
                drawn.map { d -> d.file?.let { f -> f.isValid && index.isInContent(f) } ?: false }
            }.thenApply { inContent ->
                handles.indices.map { i ->
                    val d = drawn[i]
                    val name = FrameNames.parse(d.text, d.file?.name)
                    FrameInfo(
                        frameRef = record.handles.frameRef(handles[i]),
                        file = d.file?.let { Projects.normalize(it.path) },
                        line = d.line,
                        className = name.className,
                        method = name.method,
                        isLibrary = !inContent[i],
                    )
                }
            }
        }

    fun selectFrame(record: SessionRecord, frameRef: String, deadline: Deadline): CompletableFuture<Unit> {
        record.paused()
        val h = record.handles.frame(frameRef)
        return Async.onEdt(deadline) { record.paused().setCurrentStackFrame(h.stack, h.frame) }
    }

    // ----- values -----------------------------------------------------------

    fun variables(record: SessionRecord, frameRef: String, scope: VariableScope, deadline: Deadline): CompletableFuture<List<ValueInfo>> {
        record.paused()
        val h = record.handles.frame(frameRef)
        return when (scope) {
            VariableScope.ARGUMENTS -> failed(
                "not_supported",
                "the IntelliJ debugger does not tell arguments from locals; use scope 'local' (arguments are among the locals)",
            )
            VariableScope.GLOBAL -> globals(record, h, deadline)
            else -> ChildrenNode.of(h.frame, MAX_CHILDREN, Deadlines.VALUES, deadline).thenCompose { children ->
                val items = when (scope) {
                    VariableScope.LOCAL -> children.items.filterIsInstance<Child.Value>()
                    VariableScope.THIS -> children.items.filterIsInstance<Child.Value>().filter { it.name in SELF_NAMES }.take(1)
                    else -> children.items
                }
                present(record, items, h.frame, h, children.notLoaded, deadline)
            }
        }
    }

    private val SELF_NAMES = setOf("this", "self", "cls")

    /** Module globals, for Python frames: the children of `globals()`. */
    private fun globals(record: SessionRecord, h: FrameHandle, deadline: Deadline): CompletableFuture<List<ValueInfo>> {
        if (record.language != "python") {
            return failed("not_supported", "scope 'global' is supported for Python sessions; this session is ${record.language ?: "of an unknown language"}")
        }
        return evaluateRaw(h, "globals()", EvaluationMode.EXPRESSION, deadline).thenCompose { value ->
            ChildrenNode.of(value, MAX_CHILDREN, Deadlines.VALUES, deadline).thenCompose { children ->
                present(record, children.items.filterIsInstance<Child.Value>(), value, h, children.notLoaded, deadline)
            }
        }
    }

    fun children(record: SessionRecord, ref: String, deadline: Deadline): CompletableFuture<List<ValueInfo>> {
        record.paused()
        val v = record.handles.value(ref)
        return ChildrenNode.of(v.value, MAX_CHILDREN, Deadlines.VALUES, deadline).thenCompose { children ->
            present(record, children.items, v.value, v.frame, children.notLoaded, deadline)
        }
    }

    /** Presents [items] (children of [parent]) in parallel and hands out a handle for each. */
    private fun present(
        record: SessionRecord,
        items: List<Child>,
        parent: XValueContainer,
        frame: FrameHandle?,
        notLoaded: Int,
        deadline: Deadline,
    ): CompletableFuture<List<ValueInfo>> {
        val shown = items.take(MAX_PRESENTED)
        val left = items.size - shown.size + notLoaded
        val values = shown.filterIsInstance<Child.Value>().map { it.value }
        return Presenter.describeAll(values, deadline).thenApply { described ->
            var next = 0
            val out = shown.map { child ->
                when (child) {
                    is Child.Group -> {
                        val ref = record.handles.valueRef(ValueHandle(child.group, child.name, parent, frame, null))
                        ValueInfo(child.name, "", "group", ref, null, null)
                    }
                    is Child.Value -> valueInfo(record, child.name, child.value, described[next++], parent, frame)
                }
            }
            if (left > 0) out + ValueInfo("…", "$left more not loaded", null, null, null, null) else out
        }
    }

    private fun valueInfo(
        record: SessionRecord,
        name: String,
        value: XValue,
        d: Described,
        parent: XValueContainer?,
        frame: FrameHandle?,
        evaluateName: String? = d.evaluateName,
    ): ValueInfo {
        val ref = record.handles.valueRef(ValueHandle(value, name, parent, frame, evaluateName))
        return ValueInfo(
            name = name,
            value = d.presented.value,
            typeName = d.presented.type,
            childrenRef = if (d.presented.hasChildren) ref else null,
            target = if (d.modifiable) ValueTarget.Slot(ref, name) else null,
            evaluateName = evaluateName,
        )
    }

    // ----- set --------------------------------------------------------------

    fun setValue(record: SessionRecord, frameRef: String, target: ValueTarget, text: String, deadline: Deadline): CompletableFuture<ValueInfo> {
        record.paused()
        return when (target) {
            is ValueTarget.Slot -> setSlot(record, target, text, deadline)
            is ValueTarget.Expression -> setByExpression(record, record.handles.frame(frameRef), target.expression, text, deadline)
        }
    }

    private fun setSlot(record: SessionRecord, target: ValueTarget.Slot, text: String, deadline: Deadline): CompletableFuture<ValueInfo> {
        val h = record.handles.value(target.container)
        val value = h.value as? XValue ?: return failed("read_only_variable", "${target.name} is a group, not a value")
        return Async.onEdtAsync(deadline) {
            record.paused()
            val modifier = value.modifier ?: throw IdeError("read_only_variable", "${target.name} cannot be modified")
            val language = Files.language(h.frame?.frame?.sourcePosition?.file)
            val expression = XDebuggerUtil.getInstance().createExpression(text, language, null, EvaluationMode.EXPRESSION)
            val done = CompletableFuture<Unit>()
            modifier.setValue(expression, object : XValueModifier.XModificationCallback {
                override fun valueModified() { done.complete(Unit) }
                override fun errorOccurred(errorMessage: String) {
                    done.completeExceptionally(IdeError("evaluation_failed", errorMessage))
                }
            })
            done
        }.thenCompose { reread(record, h, value, deadline) }
    }

    /** After a modification the old XValue is stale: read the value again from its parent. */
    private fun reread(record: SessionRecord, h: ValueHandle, old: XValue, deadline: Deadline): CompletableFuture<ValueInfo> {
        val parent = h.parent
        if (parent != null) {
            return ChildrenNode.of(parent, MAX_CHILDREN, Deadlines.VALUES, deadline).thenCompose { children ->
                val fresh = children.items.filterIsInstance<Child.Value>().firstOrNull { it.name == h.name }?.value ?: old
                Presenter.describe(fresh, deadline).thenApply { d -> valueInfo(record, h.name, fresh, d, parent, h.frame) }
            }
        }
        val name = h.evaluateName
        val frame = h.frame
        if (name != null && frame != null) {
            return evaluateRaw(frame, name, EvaluationMode.EXPRESSION, deadline).thenCompose { fresh ->
                Presenter.describe(fresh, deadline).thenApply { d -> valueInfo(record, h.name, fresh, d, null, frame, name) }
            }
        }
        return Presenter.describe(old, deadline).thenApply { d -> valueInfo(record, h.name, old, d, null, frame) }
    }

    private fun setByExpression(record: SessionRecord, h: FrameHandle, expression: String, text: String, deadline: Deadline): CompletableFuture<ValueInfo> {
        // An assignment is an expression in Java and JavaScript, a statement in Python and Kotlin.
        val statement = record.language == "python" || record.language == "kotlin"
        return Async.onEdtAsync(deadline) {
            record.paused()
            val evaluator = evaluator(h)
            val mode = if (statement && evaluator.isCodeFragmentEvaluationSupported) EvaluationMode.CODE_FRAGMENT else EvaluationMode.EXPRESSION
            evaluateRaw(h, "$expression = $text", mode, deadline)
        }.thenCompose { evaluateRaw(h, expression, EvaluationMode.EXPRESSION, deadline) }
            .thenCompose { fresh ->
                Presenter.describe(fresh, deadline).thenApply { d ->
                    valueInfo(record, expression, fresh, d, null, h, expression).copy(target = ValueTarget.Expression(expression))
                }
            }
    }

    // ----- evaluate ---------------------------------------------------------

    fun evaluate(record: SessionRecord, frameRef: String, expression: String, kind: EvaluationKind, deadline: Deadline): CompletableFuture<ValueInfo> {
        record.paused()
        val h = record.handles.frame(frameRef)
        val fragment = kind == EvaluationKind.CODE_FRAGMENT
        return Async.onEdtAsync(deadline) {
            record.paused()
            val evaluator = evaluator(h)
            if (fragment && !evaluator.isCodeFragmentEvaluationSupported) {
                throw IdeError("not_supported", "this debugger evaluates expressions only, not code fragments")
            }
            evaluateRaw(h, expression, if (fragment) EvaluationMode.CODE_FRAGMENT else EvaluationMode.EXPRESSION, deadline)
        }.thenCompose { value ->
            Presenter.describe(value, deadline).thenApply { d ->
                val name = if (fragment) "result" else expression
                valueInfo(record, name, value, d, null, h, if (fragment) null else expression)
            }
        }
    }

    private fun evaluator(h: FrameHandle): XDebuggerEvaluator =
        h.frame.evaluator ?: throw IdeError("not_supported", "this frame cannot evaluate expressions")

    /** Evaluates [text] in the frame of [h] (started on the EDT); completes with the result value. */
    fun evaluateRaw(h: FrameHandle, text: String, mode: EvaluationMode, deadline: Deadline): CompletableFuture<XValue> = Async.onEdtAsync(deadline) {
        val frame: XStackFrame = h.frame
        val evaluator = evaluator(h)
        val position = frame.sourcePosition
        val expression = XDebuggerUtil.getInstance().createExpression(text, Files.language(position?.file), null, mode)
        val result = CompletableFuture<XValue>()
        evaluator.evaluate(expression, object : XDebuggerEvaluator.XEvaluationCallback {
            override fun evaluated(result1: XValue) { result.complete(result1) }
            override fun errorOccurred(errorMessage: String) {
                result.completeExceptionally(IdeError("evaluation_failed", errorMessage))
            }
        }, position)
        result
    }.within(Deadlines.SET_OR_EVALUATE, "evaluating '$text'")
}
