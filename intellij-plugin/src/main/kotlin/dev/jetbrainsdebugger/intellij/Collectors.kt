// The IntelliJ debugger reports everything through callbacks meant for its UI tree: an
// XValueNode receives a value's presentation (often twice: a "Collecting data…" placeholder
// first, the real text later), an XCompositeNode receives children in batches (and may say
// "too many" with a continuation), stack frames and threads arrive in batches, and a frame
// draws its own name into a ColoredTextContainer. These are collecting implementations of
// those callbacks, each bridged into a CompletableFuture that completes once.
package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.editor.colors.TextAttributesKey
import com.intellij.openapi.util.ThrowableComputable
import com.intellij.ui.ColoredTextContainer
import com.intellij.ui.SimpleTextAttributes
import com.intellij.xdebugger.XDebuggerBundle
import com.intellij.xdebugger.frame.XCompositeNode
import com.intellij.xdebugger.frame.XDebuggerTreeNodeHyperlink
import com.intellij.xdebugger.frame.XExecutionStack
import com.intellij.xdebugger.frame.XFullValueEvaluator
import com.intellij.xdebugger.frame.XStackFrame
import com.intellij.xdebugger.frame.XSuspendContext
import com.intellij.xdebugger.frame.XValue
import com.intellij.xdebugger.frame.XValueChildrenList
import com.intellij.xdebugger.frame.XValueContainer
import com.intellij.xdebugger.frame.XValueNode
import com.intellij.xdebugger.frame.XValuePlace
import com.intellij.xdebugger.frame.presentation.XValuePresentation
import dev.jetbrainsdebugger.ide.IdeError
import java.util.concurrent.CompletableFuture
import javax.swing.Icon

/** What a value node showed: its text, type and whether it can be expanded. */
internal data class Presented(val value: String, val type: String?, val hasChildren: Boolean, val placeholder: Boolean)

/** Renders an XValuePresentation to plain text (strings quoted, comments and errors marked). */
internal class TextRenderer : XValuePresentation.XValueTextRenderer {
    private val out = StringBuilder()
    val text: String get() = out.toString()

    override fun renderValue(value: String) { out.append(value) }
    override fun renderStringValue(value: String) { out.append('"').append(value).append('"') }
    override fun renderNumericValue(value: String) { out.append(value) }
    override fun renderKeywordValue(value: String) { out.append(value) }
    override fun renderValue(value: String, key: TextAttributesKey) { out.append(value) }
    override fun renderStringValue(value: String, additionalSpecialCharsToHighlight: String?, maxLength: Int) {
        out.append('"').append(value).append('"')
    }
    override fun renderComment(comment: String) { out.append(' ').append(comment) }
    override fun renderSpecialSymbol(symbol: String) { out.append(symbol) }
    override fun renderError(error: String) { out.append("<error: ").append(error).append('>') }
}

internal object Placeholders {
    /**
     * The texts debuggers show while a value is still being computed. The bundle keys are the
     * ones the platform's own (internal) XDebuggerUIConstants reads; the English literals are a
     * safety net should a key be renamed.
     */
    val texts: Set<String> by lazy {
        val fromBundle = listOf("xdebugger.building.tree.node.message", "xdebugger.evaluating.expression.node.message")
            .mapNotNull { key -> runCatching { XDebuggerBundle.message(key) }.getOrNull() }
            .filter { it.isNotBlank() && !it.startsWith("!") }
        (fromBundle + listOf("Collecting data…", "Collecting data...", "Evaluating…", "Evaluating...")).toSet()
    }

    fun isPlaceholder(text: String): Boolean = texts.any { text.contains(it) }
}

/**
 * An XValueNode that waits past placeholder presentations: [future] completes with the first
 * presentation that is not a placeholder; [latest] keeps the last one for a timeout fallback.
 */
internal class PresentationNode : XValueNode {
    val future = CompletableFuture<Presented>()
    @Volatile var latest: Presented? = null
        private set

    override fun setPresentation(icon: Icon?, type: String?, value: String, hasChildren: Boolean) =
        offer(value, type, hasChildren)

    override fun setPresentation(icon: Icon?, presentation: XValuePresentation, hasChildren: Boolean) {
        val renderer = TextRenderer()
        presentation.renderValue(renderer)
        offer(renderer.text, presentation.type, hasChildren)
    }

    override fun setFullValueEvaluator(fullValueEvaluator: XFullValueEvaluator) {
        // The truncated text (at most XValueNode.MAX_VALUE_LENGTH) is what the agent gets.
    }

    override fun isObsolete(): Boolean = future.isDone

    private fun offer(value: String, type: String?, hasChildren: Boolean) {
        val placeholder = Placeholders.isPlaceholder(value)
        val p = Presented(value, type, hasChildren, placeholder)
        latest = p
        if (!placeholder) future.complete(p)
    }

    /** The final presentation, or after [ms] the latest one (maybe a placeholder). */
    fun await(ms: Long): CompletableFuture<Presented> {
        val out = CompletableFuture<Presented>()
        future.whenComplete { p, e -> if (e == null) out.complete(p) else out.completeExceptionally(e) }
        val timer = Timers.after(ms) {
            out.complete(latest ?: Presented("<not computed within ${ms / 1000} s>", null, false, true))
            future.complete(latest ?: Presented("", null, false, true)) // the node becomes obsolete
        }
        out.whenComplete { _, _ -> timer.cancel(false) }
        return out
    }

    fun fail(t: Throwable) {
        future.completeExceptionally(t)
    }
}

/** A value's presentation plus what the bridge needs to set it and to name it. */
internal data class Described(val presented: Presented, val modifiable: Boolean, val evaluateName: String?)

internal object Presenter {
    /**
     * Presents [values] in one EDT pass (computePresentation is called there by the platform's
     * own tree), reading each value's modifier and evaluation expression on the way, then
     * waits up to [ms] for the final presentations, all in parallel.
     */
    fun describeAll(values: List<XValue>, deadline: Deadline?, ms: Long = Deadlines.PRESENTATION): CompletableFuture<List<Described>> {
        if (values.isEmpty()) return CompletableFuture.completedFuture(emptyList())
        val nodes = values.map { PresentationNode() }
        val extras = Async.onEdt(deadline) {
            values.mapIndexed { i, v ->
                try {
                    v.computePresentation(nodes[i], XValuePlace.TREE)
                } catch (t: Throwable) {
                    nodes[i].fail(IdeError("evaluation_failed", t.message ?: t.javaClass.simpleName))
                }
                val modifiable = runCatching { v.modifier != null }.getOrDefault(false)
                modifiable to runCatching { v.evaluationExpression }.getOrNull()
            }
        }
        return extras.thenCompose { ex ->
            val presented = nodes.map { n ->
                n.await(ms).exceptionally { e -> Presented("<error: ${unwrap(e).message}>", null, false, false) }
            }
            CompletableFuture.allOf(*presented.toTypedArray()).thenApply {
                presented.mapIndexed { i, f -> Described(f.join(), ex[i].first, ex[i].second) }
            }
        }
    }

    fun describe(value: XValue, deadline: Deadline?): CompletableFuture<Described> = describeAll(listOf(value), deadline).thenApply { it.single() }
}

/** One child of a container: its name and value, or a group of values (e.g. "Special Variables"). */
internal sealed class Child {
    abstract val name: String
    data class Value(override val name: String, val value: XValue) : Child()
    data class Group(override val name: String, val group: XValueContainer) : Child()
}

internal data class Children(val items: List<Child>, val notLoaded: Int)

/**
 * An XCompositeNode collecting all children of a container, batch after batch, following
 * "too many children" continuations up to [limit] children.
 */
internal class ChildrenNode(private val limit: Int) : XCompositeNode {
    val future = CompletableFuture<Children>()
    private val items = mutableListOf<Child>()

    override fun addChildren(children: XValueChildrenList, last: Boolean) {
        val snapshot = synchronized(items) {
            for (g in children.topGroups.orEmpty()) items += Child.Group(g.name, g)
            for (i in 0 until children.size()) items += Child.Value(children.getName(i) ?: "", children.getValue(i))
            for (g in children.bottomGroups.orEmpty()) items += Child.Group(g.name, g)
            items.toList()
        }
        if (last) future.complete(Children(snapshot, 0))
    }

    @Deprecated("Deprecated in Java")
    @Suppress("OVERRIDE_DEPRECATION")
    override fun tooManyChildren(remaining: Int) {
        // An old-style producer without a continuation: what arrived so far is all there is.
        future.complete(Children(synchronized(items) { items.toList() }, maxOf(remaining, 0)))
    }

    override fun tooManyChildren(remaining: Int, addNextChildren: Runnable) {
        val count = synchronized(items) { items.size }
        if (count < limit) {
            Async.later { addNextChildren.run() }
        } else {
            future.complete(Children(synchronized(items) { items.toList() }, maxOf(remaining, 0)))
        }
    }

    override fun setAlreadySorted(alreadySorted: Boolean) {}

    override fun setErrorMessage(errorMessage: String) {
        future.completeExceptionally(IdeError("evaluation_failed", errorMessage))
    }

    override fun setErrorMessage(errorMessage: String, link: XDebuggerTreeNodeHyperlink?) = setErrorMessage(errorMessage)

    override fun setMessage(message: String, icon: Icon?, attributes: SimpleTextAttributes, link: XDebuggerTreeNodeHyperlink?) {
        // Informational rows ("No variables", "Frame is not available") are not values.
    }

    override fun isObsolete(): Boolean = future.isDone

    companion object {
        fun of(container: XValueContainer, limit: Int, ms: Long, deadline: Deadline?): CompletableFuture<Children> {
            val node = ChildrenNode(limit)
            Async.onEdt(deadline) { container.computeChildren(node) }
                .whenComplete { _, e -> if (e != null) node.future.completeExceptionally(unwrap(e)) }
            return node.future.within(ms, "listing the children")
        }
    }
}

/** Collects the frames of a stack: the top frame plus every batch of computeStackFrames(1, ...). */
internal class FramesCollector(private val cap: Int) : XExecutionStack.XStackFrameContainer {
    val future = CompletableFuture<List<XStackFrame>>()
    private val frames = mutableListOf<XStackFrame>()

    override fun addStackFrames(stackFrames: List<XStackFrame>, last: Boolean) {
        val snapshot = synchronized(frames) {
            frames += stackFrames
            frames.toList()
        }
        if (last || snapshot.size >= cap) future.complete(snapshot)
    }

    override fun errorOccurred(errorMessage: String) {
        future.completeExceptionally(IdeError("frame_not_found", errorMessage))
    }

    override fun isObsolete(): Boolean = future.isDone

    companion object {
        fun of(stack: XExecutionStack, cap: Int, ms: Long, deadline: Deadline?): CompletableFuture<List<XStackFrame>> = Async.onEdtAsync(deadline) {
            val top = stack.topFrame
            val collector = FramesCollector(cap)
            stack.computeStackFrames(1, collector)
            collector.future.within(ms, "listing the stack frames").thenApply { rest ->
                if (top == null) rest else listOf(top) + rest.filter { it !== top }
            }
        }
    }
}

/** Collects the execution stacks (threads) of a suspend context. */
internal class StacksCollector : XSuspendContext.XExecutionStackContainer {
    val future = CompletableFuture<List<XExecutionStack>>()
    private val stacks = mutableListOf<XExecutionStack>()

    override fun addExecutionStack(executionStacks: List<XExecutionStack>, last: Boolean) {
        val snapshot = synchronized(stacks) {
            stacks += executionStacks
            stacks.toList()
        }
        if (last) future.complete(snapshot)
    }

    override fun errorOccurred(errorMessage: String) {
        future.completeExceptionally(IdeError("thread_not_found", errorMessage))
    }

    override fun isObsolete(): Boolean = future.isDone

    companion object {
        fun of(context: XSuspendContext, ms: Long, deadline: Deadline?): CompletableFuture<List<XExecutionStack>> {
            val collector = StacksCollector()
            Async.onEdt(deadline) { context.computeExecutionStacks(collector) }
                .whenComplete { _, e -> if (e != null) collector.future.completeExceptionally(unwrap(e)) }
            return collector.future.within(ms, "listing the threads")
        }
    }
}

/** Collects what a stack frame draws for itself in the Frames list. */
internal class FrameText : ColoredTextContainer {
    private val out = StringBuilder()
    val text: String get() = out.toString()

    override fun append(fragment: String, attributes: SimpleTextAttributes) { out.append(fragment) }

    companion object {
        /**
         * [frame] as text: XStackFrame.customizeTextPresentation, the form the platform reads as a string
         * ("Copy Stack"), in a read action as the platform calls it. Where that is only the platform's
         * default ("file.py:12": PyCharm's and Java's frames draw just the UI form) the UI form
         * customizePresentation(ColoredTextContainer) is read for the function's name; it is empty where a frame
         * presents itself asynchronously, and then the text form stays.
         */
        fun of(frame: XStackFrame): String {
            val text = runCatching { ApplicationManager.getApplication().runReadAction(ThrowableComputable<String, RuntimeException> { FrameText().also(frame::customizeTextPresentation).text }) }.getOrDefault("")
            if (text.isNotBlank() && text != platformDefault(frame)) return text
            return runCatching { FrameText().also(frame::customizePresentation).text }.getOrDefault("").ifBlank { text }
        }

        /** What XStackFrame.customizeTextPresentation draws when a frame does not override it. */
        private fun platformDefault(frame: XStackFrame): String =
            frame.sourcePosition?.let { "${it.file.name}:${it.line + 1}" } ?: XDebuggerBundle.message("invalid.frame")
    }
}
