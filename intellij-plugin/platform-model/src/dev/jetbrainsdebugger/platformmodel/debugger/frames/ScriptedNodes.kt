// Frames, values and suspend contexts of a debugger other than the scripted Python one, as
// the platform's callbacks see them: values that render through an XValuePresentation (as the
// Java debugger's do), containers that answer with the other XCompositeNode calls, and stacks
// and suspend contexts that report an error instead of frames or threads.
package dev.jetbrainsdebugger.platformmodel.debugger.frames

import com.intellij.ui.SimpleTextAttributes
import com.intellij.xdebugger.frame.XCompositeNode
import com.intellij.xdebugger.frame.XExecutionStack
import com.intellij.xdebugger.frame.XStackFrame
import com.intellij.xdebugger.frame.XSuspendContext
import com.intellij.xdebugger.frame.XValue
import com.intellij.xdebugger.frame.XValueChildrenList
import com.intellij.xdebugger.frame.XValueContainer
import com.intellij.xdebugger.frame.XValueNode
import com.intellij.xdebugger.frame.XValuePlace
import com.intellij.xdebugger.frame.presentation.XValuePresentation

/**
 * One XValueTextRenderer call of a presentation. The platform's presentations make these calls:
 * XRegularValuePresentation renderValue, XStringValuePresentation
 * renderStringValue(value, "\"\\", XValueNode.MAX_VALUE_LENGTH), XNumericValuePresentation
 * renderNumericValue, XKeywordValuePresentation renderKeywordValue, XErrorValuePresentation
 * renderError (platform/xdebugger-api/src/com/intellij/xdebugger/frame/presentation/); the Java
 * debugger's JavaValuePresentation combines them with renderComment and renderSpecialSymbol.
 */
sealed class Rendered {
    data class Plain(val text: String) : Rendered()
    data class Str(val text: String) : Rendered()
    data class OldStr(val text: String) : Rendered()
    data class Numeric(val text: String) : Rendered()
    data class Keyword(val text: String) : Rendered()
    data class Comment(val text: String) : Rendered()
    data class Symbol(val text: String) : Rendered()
    data class Error(val text: String) : Rendered()

    fun renderTo(r: XValuePresentation.XValueTextRenderer) = when (this) {
        is Plain -> r.renderValue(text)
        is Str -> r.renderStringValue(text, "\"\\", XValueNode.MAX_VALUE_LENGTH)
        is OldStr -> r.renderStringValue(text)
        is Numeric -> r.renderNumericValue(text)
        is Keyword -> r.renderKeywordValue(text)
        is Comment -> r.renderComment(text)
        is Symbol -> r.renderSpecialSymbol(text)
        is Error -> r.renderError(text)
    }
}

/**
 * A value presented as JavaValue.computePresentation presents it: once, through
 * node.setPresentation(icon, XValuePresentation, hasChildren) (java/debugger/impl/.../engine/JavaValue.java).
 * The model computes it at once on the calling thread; the Java debugger does it on its manager thread.
 */
class PresentationValue(private val typeName: String?, private val parts: List<Rendered>, private val hasChildren: Boolean = false) : XValue() {
    override fun computePresentation(node: XValueNode, place: XValuePlace) {
        node.setPresentation(null, object : XValuePresentation() {
            override fun getType(): String? = typeName
            override fun renderValue(renderer: XValueTextRenderer) = parts.forEach { it.renderTo(renderer) }
        }, hasChildren)
    }
}

/**
 * The thrown object JavaStackFrame.createExceptionNodes shows first in the top frame at an exception
 * stop (ThrownExceptionValueDescriptorImpl, named JavaDebuggerBundle "exception"): rendered by the
 * default renderer, never its toString (no method of it may run there), so the presentation is
 * the id label as its type ("AssertionFailedError@1042", JavaValuePresentation.getType) and the
 * message is its Throwable field detailMessage.
 */
class ThrownExceptionValue(private val className: String, private val message: String) : XValue() {
    override fun computePresentation(node: XValueNode, place: XValuePlace) {
        node.setPresentation(null, object : XValuePresentation() {
            override fun getType(): String = "$className@1042"
            override fun renderValue(renderer: XValueTextRenderer) = Unit
        }, true)
    }

    override fun computeChildren(node: XCompositeNode) {
        node.addChildren(XValueChildrenList().apply { add("detailMessage", PresentationValue("String@1043", listOf(Rendered.Str(message)))) }, true)
    }
}

/** A value of a debugger plugin whose presentation code fails (the platform's tree logs it and shows nothing). */
class FailingValue(private val failure: RuntimeException) : XValue() {
    override fun computePresentation(node: XValueNode, place: XValuePlace) = throw failure
}

/** One XCompositeNode call a container makes from computeChildren (XCompositeNode.java javadoc). */
sealed class ChildrenAnswer {
    /** addChildren(children, last), with plain named values. */
    data class Batch(val values: List<Pair<String, XValue>>, val last: Boolean) : ChildrenAnswer()
    /** The deprecated tooManyChildren(remaining): no way to ask for the rest. */
    data class TooMany(val remaining: Int) : ChildrenAnswer()
    /** setMessage: an informational row ("No variables"), not a child. */
    data class Message(val text: String) : ChildrenAnswer()
    /** setErrorMessage: listing the children failed. */
    data class Error(val text: String) : ChildrenAnswer()
}

/** A container answering [answers] in order (setAlreadySorted first, as the Java debugger's frames do). */
class ScriptedContainer(private val answers: List<ChildrenAnswer>) : XValueContainer() {
    @Suppress("DEPRECATION")
    override fun computeChildren(node: XCompositeNode) {
        node.setAlreadySorted(true)
        for (a in answers) when (a) {
            is ChildrenAnswer.Batch -> node.addChildren(XValueChildrenList().apply { a.values.forEach { (n, v) -> add(n, v) } }, a.last)
            is ChildrenAnswer.TooMany -> node.tooManyChildren(a.remaining)
            is ChildrenAnswer.Message -> node.setMessage(a.text, null, SimpleTextAttributes.REGULAR_ATTRIBUTES, null)
            is ChildrenAnswer.Error -> node.setErrorMessage(a.text)
        }
    }
}

/**
 * A thread whose frames cannot be listed: JavaExecutionStack.computeStackFrames answers
 * errorOccurred("Frames not available") when the thread is not suspended (JavaDebuggerBundle
 * frame.panel.frames.not.available).
 */
class UnavailableStack(name: String, private val message: String = "Frames not available") : XExecutionStack(name) {
    override fun getTopFrame(): XStackFrame? = null
    override fun computeStackFrames(firstFrameIndex: Int, container: XStackFrameContainer) = container.errorOccurred(message)
}

/** A suspend context whose threads cannot be listed: XExecutionStackContainer.errorOccurred (an XValueCallback). */
class FailingSuspendContext(private val message: String) : XSuspendContext() {
    override fun computeExecutionStacks(container: XExecutionStackContainer) = container.errorOccurred(message)
}
