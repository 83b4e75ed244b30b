// Variables of a modelled Python stop (PyDebugValue): the presentation is computed as PyCharm's
// asynchronous value loading does it (a "Collecting data…" placeholder at once, the value later
// from the debugger thread), children load from the debugger thread in batches of 100 with a
// "too many children" continuation for the rest (PyDebugValue's offset paging), and a value is
// set through PyValueModifier: pydevd runs `<full name> = <expression>` in the frame.
package dev.jetbrainsdebugger.platformmodel.debugger.frames

import com.intellij.xdebugger.XDebuggerBundle
import com.intellij.xdebugger.XExpression
import com.intellij.xdebugger.frame.XCompositeNode
import com.intellij.xdebugger.frame.XValue
import com.intellij.xdebugger.frame.XValueChildrenList
import com.intellij.xdebugger.frame.XValueModifier
import com.intellij.xdebugger.frame.XValueNode
import com.intellij.xdebugger.frame.XValuePlace
import dev.jetbrainsdebugger.platformmodel.debugger.program.PyFrame
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyDict
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyException
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyInstance
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyInterpreter
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyList
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyObj
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyParser
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyTuple
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession

/** A value named [name] in [frame]; [fullName] is the expression that reads it again (PyDebugValue.getFullName), null when none does. */
class PyValue(
    private val session: ModelDebugSession,
    private val frame: PyFrame,
    private val name: String,
    private val value: PyObj,
    private val fullName: String?,
) : XValue() {
    override fun computePresentation(node: XValueNode, place: XValuePlace) {
        node.setPresentation(null, value.typeName, XDebuggerBundle.message("xdebugger.building.tree.node.message"), value.isContainer)
        session.request({ node.setPresentation(null, value.typeName, it, false) }) {
            if (!node.isObsolete) node.setPresentation(null, value.typeName, safeRepr().take(XValueNode.MAX_VALUE_LENGTH), value.isContainer)
        }
    }

    /** pydevd's answer when `repr` raises (an object whose __repr__ reads attributes __init__ has not set yet). */
    private fun safeRepr(): String = try {
        value.repr()
    } catch (e: PyException) {
        "Unable to get repr for ${(value as? PyInstance)?.cls?.repr() ?: "<class '${value.typeName}'>"}"
    }

    override fun getEvaluationExpression(): String? = fullName

    override fun getModifier(): XValueModifier? = fullName?.let { Modifier(it) }

    override fun computeChildren(node: XCompositeNode) {
        if (node.isObsolete) return
        session.request(node::setErrorMessage) { loadChildren(node, 0) }
    }

    /** One page of children from [offset]; the next page is loaded when the tree asks for it. */
    private fun loadChildren(node: XCompositeNode, offset: Int) {
        if (node.isObsolete) return
        val all = value.children()
        val page = all.drop(offset).take(PAGE)
        val list = XValueChildrenList()
        for ((childName, child) in page) list.add(childName, PyValue(session, frame, childName, child, childExpression(childName)))
        val loaded = offset + page.size
        val remaining = all.size - loaded
        node.addChildren(list, remaining <= 0)
        if (remaining > 0) node.tooManyChildren(remaining) { session.request(node::setErrorMessage) { loadChildren(node, loaded) } }
    }

    private fun childExpression(childName: String): String? {
        val parent = fullName ?: return null
        return when {
            childName == "__len__" -> null
            value is PyList || value is PyTuple -> "$parent[$childName]"
            value is PyDict -> "$parent[$childName]"
            value is PyInstance -> "$parent.$childName"
            else -> null
        }
    }

    override fun toString() = "$name = ${value.repr()}"

    /** PyValueModifier: the assignment runs in the frame, off the EDT; errors as pydevd words them. */
    private inner class Modifier(private val target: String) : XValueModifier() {
        override fun setValue(expression: XExpression, callback: XModificationCallback) {
            session.request(callback::errorOccurred) {
                try {
                    PyInterpreter.exec(PyParser.statements("$target = ${expression.expression}"), frame.ns)
                    callback.valueModified()
                } catch (e: PyException) {
                    callback.errorOccurred("${e.type}: ${e.message}")
                }
            }
        }
    }

    private companion object {
        /** PyDebugValue loads a collection's children 100 at a time. */
        const val PAGE = 100
    }
}
