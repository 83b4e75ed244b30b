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
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession

class PyEvaluator(private val session: ModelDebugSession, private val frame: PyFrame) : XDebuggerEvaluator() {
    override fun evaluate(expression: String, callback: XEvaluationCallback, expressionPosition: XSourcePosition?) {
        session.request(callback::errorOccurred) {
            val text = expression.trim()
            try {
                val result = when {
                    text.isEmpty() -> PyNone
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
