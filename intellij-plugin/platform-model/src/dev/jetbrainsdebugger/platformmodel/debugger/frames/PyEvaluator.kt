// PyDebuggerEvaluator: evaluates in the frame off the EDT. As upstream, the text decides the mode,
// not the XExpression's: one expression is evaluated (its value is the result), anything else
// is executed as statements (the result is None, pydevd's exec answer); an empty text is None.
// A Python error is reported as upstream formats pydevd's error value: "{NameError}name 'x' is not defined".
package dev.jetbrainsdebugger.platformmodel.debugger.frames

import com.intellij.xdebugger.XSourcePosition
import com.intellij.xdebugger.evaluation.XDebuggerEvaluator
import dev.jetbrainsdebugger.platformmodel.debugger.program.PyFrame
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyException
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyInterpreter
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyNone
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyParser
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyStr
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession

class PyEvaluator(private val session: ModelDebugSession, private val frame: PyFrame) : XDebuggerEvaluator() {
    private companion object {
        val RUNTIME_CLASS_NAME = Regex("""^\((.+)\)\.getClass\(\)\.getName\(\)$""")
    }

    override fun evaluate(expression: String, callback: XEvaluationCallback, expressionPosition: XSourcePosition?) {
        session.request(callback::errorOccurred) {
            val text = expression.trim()
            try {
                val runtimeClass = session.jvmPackage?.let { RUNTIME_CLASS_NAME.find(text) }
                val result = when {
                    text.isEmpty() -> PyNone
                    // The one Java call the plugin evaluates (a watched field's receiver class), answered as the JVM does.
                    runtimeClass != null -> {
                        val receiver = PyInterpreter.eval(PyParser.expression(runtimeClass.groupValues[1]), frame.ns)
                        PyStr("${session.jvmPackage}.${receiver.typeName}")
                    }
                    PyParser.isExpression(text) -> PyInterpreter.eval(PyParser.expression(text), frame.ns)
                    else -> PyInterpreter.exec(PyParser.statements(text), frame.ns).let { PyNone }
                }
                callback.evaluated(PyValue(session, frame, text, result, text.takeIf { PyParser.isExpression(it) && it.isNotEmpty() }))
            } catch (e: PyException) {
                callback.errorOccurred("{${e.type}}${e.message}")
            }
        }
    }
}
