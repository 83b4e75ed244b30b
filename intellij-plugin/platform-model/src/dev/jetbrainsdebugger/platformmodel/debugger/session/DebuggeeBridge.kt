// What PyDebugProcess does between the IDE and pydevd: registers the enabled, unmuted breakpoints
// with the debuggee (PyLineBreakpointHandler / PyExceptionBreakpointHandler: conditions and log
// expressions travel as text, evaluated by pydevd), and turns the debuggee's messages (a thread
// suspended, output, its end) into session calls on the session's debugger thread.
package dev.jetbrainsdebugger.platformmodel.debugger.session

import com.intellij.xdebugger.breakpoints.SuspendPolicy
import com.intellij.xdebugger.breakpoints.XBreakpoint
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.ModelBreakpointManager
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.PyExceptionProperties
import dev.jetbrainsdebugger.platformmodel.debugger.frames.PySuspendContext
import dev.jetbrainsdebugger.platformmodel.debugger.program.DebuggeeHooks
import dev.jetbrainsdebugger.platformmodel.debugger.program.LineBreakpointView
import dev.jetbrainsdebugger.platformmodel.debugger.program.PyFrame
import dev.jetbrainsdebugger.platformmodel.debugger.program.StopCause
import java.nio.file.Path

internal class DebuggeeBridge(private val session: ModelDebugSession, private val breakpoints: ModelBreakpointManager) : DebuggeeHooks {
    private val registered: Boolean get() = !session.breakpointsMuted && !session.breakpointsDisabledTemporarily

    override fun lineBreakpoints(file: Path, line: Int): List<LineBreakpointView> {
        if (!registered) return emptyList()
        val url = "file://" + file.toAbsolutePath().normalize().toString().replace('\\', '/')
        return breakpoints.lineBreakpointsAt(url, line - 1)
            .filter { it.isEnabled && it.type.id == "python-line" }
            .map { bp ->
                LineBreakpointView(
                    owner = bp,
                    condition = bp.conditionExpression?.expression?.takeIf { it.isNotBlank() },
                    logExpression = bp.logExpressionObject?.expression?.takeIf { it.isNotBlank() },
                    suspends = bp.suspendPolicy != SuspendPolicy.NONE,
                )
            }
    }

    override fun uncaughtExceptionBreakpoint(): Any? {
        if (!registered) return null
        return breakpoints.allBreakpoints.firstOrNull { bp ->
            bp.isEnabled && bp.type.id == "python-exception" && (bp.properties as? PyExceptionProperties)?.notifyOnTerminate == true
        }
    }

    override fun suspended(frames: List<PyFrame>, cause: StopCause) {
        val context = PySuspendContext(session, frames)
        session.debuggerThread.execute {
            when (cause) {
                is StopCause.Breakpoint -> session.breakpointReached(cause.owner as XBreakpoint<*>, cause.logMessage, context)
                is StopCause.Exception -> session.breakpointReached(cause.owner as XBreakpoint<*>, null, context)
                StopCause.Position -> session.positionReached(context)
            }
        }
    }

    override fun logged(owner: Any, message: String) {
        session.debuggerThread.execute { session.printMessage(message) }
    }

    override fun output(text: String, stderr: Boolean) {
        session.debuggerThread.execute { session.handler.output(text, stderr) }
    }

    override fun exited(exitCode: Int) {
        session.debuggerThread.execute { session.processEnded(exitCode) }
    }
}
