// A stop of a modelled Python session: PySuspendContext (one thread, MainThread), PyExecutionStack
// and PyStackFrame. The frame draws itself as PyStackFrame.customizePresentation does
// ("calculate_total, calculator.py:31", grey when the file is outside the project, read under a
// read action) and lists its variables as PyStackFrame.computeChildren/addChildren does: off the
// EDT, with dunder names and function/class/module values in a "Special Variables" group at the
// bottom (PyDebuggerSettings' simplified view, on by default). A Java program's frames draw
// themselves as JavaStackFrame does ("total:5, Cart (com.example)").
package dev.jetbrainsdebugger.platformmodel.debugger.frames

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.roots.ProjectFileIndex
import com.intellij.openapi.util.ThrowableComputable
import com.intellij.ui.ColoredTextContainer
import com.intellij.ui.SimpleTextAttributes
import com.intellij.xdebugger.XSourcePosition
import com.intellij.xdebugger.evaluation.XDebuggerEvaluator
import com.intellij.xdebugger.frame.XCompositeNode
import com.intellij.xdebugger.frame.XExecutionStack
import com.intellij.xdebugger.frame.XStackFrame
import com.intellij.xdebugger.frame.XSuspendContext
import com.intellij.xdebugger.frame.XValueChildrenList
import com.intellij.xdebugger.frame.XValueGroup
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.debugger.ModelSourcePosition
import dev.jetbrainsdebugger.platformmodel.debugger.program.PyFrame
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyClass
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyFunction
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyModule

/** PySuspendContext: the suspended thread's stack; computeExecutionStacks answers at once, on the caller's thread. */
class PySuspendContext(session: ModelDebugSession, frames: List<PyFrame>) : XSuspendContext() {
    private val stack = PyExecutionStack(session, frames)

    override fun getActiveExecutionStack(): PyExecutionStack = stack

    override fun computeExecutionStacks(container: XExecutionStackContainer) = container.addExecutionStack(listOf(stack), true)
}

/**
 * PyExecutionStack, named after the thread. Upstream adds all frames in one batch on the caller's
 * thread; the model delivers them the way JavaExecutionStack does, in batches from the debugger
 * thread, which is the harder case for a consumer.
 */
class PyExecutionStack(private val session: ModelDebugSession, frames: List<PyFrame>) : XExecutionStack(session.debuggee.threadName) {
    private val stackFrames = frames.map { PyStackFrame(session, it) }

    override fun getTopFrame(): XStackFrame? = stackFrames.firstOrNull()

    override fun computeStackFrames(firstFrameIndex: Int, container: XStackFrameContainer) {
        val wanted = stackFrames.drop(firstFrameIndex)
        session.request(container::errorOccurred) {
            if (wanted.isEmpty()) container.addStackFrames(emptyList<XStackFrame>(), true)
            val batches = wanted.chunked(FRAMES_PER_BATCH)
            for ((i, batch) in batches.withIndex()) {
                if (container.isObsolete) return@request
                container.addStackFrames(batch, i == batches.size - 1)
            }
        }
    }

    private companion object {
        const val FRAMES_PER_BATCH = 2
    }
}

class PyStackFrame(private val session: ModelDebugSession, private val frame: PyFrame) : XStackFrame() {
    /** The line of this stop (the debuggee's frame moves on after a resume). */
    private val position: XSourcePosition? = ModelPlatform.current?.vfs?.file(frame.file)?.let { ModelSourcePosition(it, frame.line - 1) }

    val name: String get() = frame.name

    override fun getEqualityObject(): Any = EQUALITY

    override fun getSourcePosition(): XSourcePosition? = position

    override fun getEvaluator(): XDebuggerEvaluator = PyEvaluator(session, frame)

    /** PyStackFrame and JavaStackFrame draw the UI form only; the text form is then the platform's default ("file.py:12"). */
    override fun customizePresentation(component: ColoredTextContainer) {
        if (!session.framesPresentedAsynchronously) draw(component)
    }

    /** Drawn only by a frame that presents itself asynchronously; the platform calls it in a read action (XDebuggerUtilImpl). */
    override fun customizeTextPresentation(component: ColoredTextContainer) {
        if (!session.framesPresentedAsynchronously) return super.customizeTextPresentation(component)
        ApplicationManager.getApplication().assertReadAccessAllowed()
        draw(component)
    }

    private fun draw(component: ColoredTextContainer) {
        val pos = position
        if (pos == null) {
            component.append("<frame not available>", SimpleTextAttributes.GRAY_ATTRIBUTES)
            return
        }
        val external = ApplicationManager.getApplication().runReadAction(ThrowableComputable<Boolean, RuntimeException> {
            !ProjectFileIndex.getInstance(session.project).isInContent(pos.file)
        })
        val attributes = if (external) SimpleTextAttributes.GRAYED_ATTRIBUTES else SimpleTextAttributes.REGULAR_ATTRIBUTES
        val jvmPackage = session.jvmPackage
        if (jvmPackage == null) {
            for (part in listOf(frame.name, ", ", pos.file.name, ":", (pos.line + 1).toString())) component.append(part, attributes)
        } else {
            // JavaFramesListRenderer: the descriptor's label "method:line, Class {package}", the package grey (upstream: grey italic) in parentheses.
            // A library's code is named with its own package (org.junit.jupiter.api.Assertions.assertEquals).
            val owner = frame.name.substringBeforeLast('.')
            val method = "${frame.name.substringAfterLast('.')}:${pos.line + 1}, ${owner.substringAfterLast('.')}"
            component.append(method, attributes)
            component.append(" (${if (owner.contains('.')) owner.substringBeforeLast('.') else jvmPackage})", SimpleTextAttributes.GRAY_ATTRIBUTES)
        }
    }

    override fun computeChildren(node: XCompositeNode) {
        if (node.isObsolete) return
        session.request(node::setErrorMessage) {
            val plain = XValueChildrenList()
            val special = XValueChildrenList()
            frame.thrown?.let { e ->
                val qualified = session.jvmExceptions[e.cls.name]?.first() ?: e.cls.name
                plain.add("Exception", ThrownExceptionValue(qualified.substringAfterLast('.'), e.str()))
            }
            for ((name, value) in frame.ns.locals.toList()) {
                val child = PyValue(session, frame, name, value, name)
                val dunder = name.startsWith("__") && name.endsWith("__") && name.length > 4 && name != "__exception__"
                if (dunder || value is PyFunction || value is PyClass || value is PyModule) special.add(name, child) else plain.add(name, child)
            }
            if (node.isObsolete) return@request
            node.addChildren(plain, special.size() == 0)
            if (special.size() > 0) node.addChildren(XValueChildrenList.bottomGroup(SpecialVariables(special)), true)
        }
    }

    override fun toString() = "${frame.name}:${position?.line?.plus(1)}"

    private class SpecialVariables(private val values: XValueChildrenList) : XValueGroup("Special Variables") {
        override fun computeChildren(node: XCompositeNode) = node.addChildren(values, true)
    }

    private companion object {
        /** PyStackFrame.STACK_FRAME_EQUALITY_OBJECT: every Python frame keeps the Variables view's expanded state. */
        val EQUALITY = Any()
    }
}
