// What PyDebugProcess does between the IDE and pydevd: registers the enabled, unmuted breakpoints
// with the debuggee (PyLineBreakpointHandler / PyExceptionBreakpointHandler: conditions and log
// expressions travel as text, evaluated by pydevd; for a Java program, the Java debugger's line
// and method breakpoints), and turns the debuggee's messages (a thread suspended, output, its
// end) into session calls on the session's debugger thread.
package dev.jetbrainsdebugger.platformmodel.debugger.session

import com.intellij.ui.classFilter.ClassFilter
import com.intellij.xdebugger.breakpoints.SuspendPolicy
import com.intellij.xdebugger.breakpoints.XBreakpoint
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.ModelBreakpointManager
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.PyExceptionProperties
import dev.jetbrainsdebugger.platformmodel.debugger.frames.PySuspendContext
import dev.jetbrainsdebugger.platformmodel.debugger.program.DebuggeeHooks
import dev.jetbrainsdebugger.platformmodel.debugger.program.LineBreakpointView
import dev.jetbrainsdebugger.platformmodel.debugger.program.PyFrame
import dev.jetbrainsdebugger.platformmodel.debugger.program.StopCause
import org.jetbrains.java.debugger.breakpoints.properties.JavaExceptionBreakpointProperties
import org.jetbrains.java.debugger.breakpoints.properties.JavaFieldBreakpointProperties
import org.jetbrains.java.debugger.breakpoints.properties.JavaMethodBreakpointProperties
import java.nio.file.Path

internal class DebuggeeBridge(private val session: ModelDebugSession, private val breakpoints: ModelBreakpointManager) : DebuggeeHooks {
    private val registered: Boolean get() = !session.breakpointsMuted && !session.breakpointsDisabledTemporarily

    override fun lineBreakpoints(file: Path, line: Int): List<LineBreakpointView> {
        if (!registered) return emptyList()
        val url = "file://" + file.toAbsolutePath().normalize().toString().replace('\\', '/')
        val type = if (session.isJava) "java-line" else "python-line"
        return breakpoints.lineBreakpointsAt(url, line - 1).filter { it.isEnabled && it.type.id == type }.map(::view)
    }

    private fun view(bp: XBreakpoint<*>) = LineBreakpointView(
        owner = bp,
        condition = bp.conditionExpression?.expression?.takeIf { it.isNotBlank() },
        logExpression = bp.logExpressionObject?.expression?.takeIf { it.isNotBlank() },
        suspends = bp.suspendPolicy != SuspendPolicy.NONE,
    )

    /**
     * WildcardMethodBreakpoint: its entry request filters classes by the class pattern over the
     * qualified name (JDI's class filter; PatternUtil.fromMask when emulated) and matches the method
     * name against the comma-separated masks of myMethodName (matchesMethod).
     */
    override fun methodEntryBreakpoints(className: String, method: String): List<LineBreakpointView> {
        if (!registered) return emptyList()
        return breakpoints.allBreakpoints
            .filter { bp ->
                val p = bp.properties as? JavaMethodBreakpointProperties
                bp.isEnabled && bp.type.id == "java-wildcard-method" && p != null && p.WATCH_ENTRY &&
                    mask(p.myClassPattern).matches(className) && p.myMethodName.split(',').any { mask(it.trim()).matches(method) }
            }
            .map(::view)
    }

    /**
     * FieldBreakpoint: a ModificationWatchpointRequest on the field of the class named in
     * JavaFieldBreakpointProperties (myClassName, myFieldName), while WATCH_MODIFICATION is on.
     */
    override fun fieldWriteBreakpoint(className: String, field: String): LineBreakpointView? {
        if (!registered) return null
        return breakpoints.allBreakpoints.firstOrNull { bp ->
            val p = bp.properties as? JavaFieldBreakpointProperties
            bp.isEnabled && bp.type.id == "java-field" && p != null && p.WATCH_MODIFICATION &&
                p.myClassName == className && p.myFieldName == field
        }?.let(::view)
    }

    /** Breakpoint.typeMatchesClassFilters: no type passes; else one enabled inclusion filter must match, if any is enabled, and no enabled exclusion filter. */
    private fun typeMatchesClassFilters(typeName: String?, includes: Array<ClassFilter>, excludes: Array<ClassFilter>): Boolean {
        if (typeName == null) return true
        val enabled = includes.filter { it.isEnabled }
        if (enabled.isNotEmpty() && enabled.none { it.matches(typeName) }) return false
        return excludes.none { it.isEnabled && it.matches(typeName) }
    }

    /** PatternUtil.fromMask: `*` any run of characters, `?` one, everything else literal. */
    private fun mask(text: String): Regex =
        Regex(text.map { c -> when (c) { '*' -> ".*"; '?' -> "."; else -> Regex.escape(c.toString()) } }.joinToString(""))

    /**
     * Python: PyExceptionBreakpointHandler registers "on termination" breakpoints, which stop only
     * where nothing catches. Java (ExceptionBreakpoint.processLocatableEvent): NOTIFY_CAUGHT or
     * NOTIFY_UNCAUGHT by whether the event has a catch location; the exception request matches
     * instances of the class, subclasses included (JDI createExceptionRequest), a blank name any.
     * With catch filters enabled, ExceptionBreakpoint.evaluateCondition drops an event whose catch
     * location's declaring type does not pass Breakpoint.typeMatchesClassFilters (the catch-class
     * filters and exclusion filters; an uncaught event has no catch location and always passes).
     */
    override fun exceptionBreakpoint(names: List<String>, catchClass: String?): Any? {
        if (!registered) return null
        val caught = catchClass != null
        if (session.isJava) {
            return breakpoints.allBreakpoints.firstOrNull { bp ->
                val p = bp.properties as? JavaExceptionBreakpointProperties
                bp.isEnabled && bp.type.id == "java-exception" && p != null && (if (caught) p.NOTIFY_CAUGHT else p.NOTIFY_UNCAUGHT) &&
                    (p.myQualifiedName.isNullOrBlank() || p.myQualifiedName in names) &&
                    (!p.isCatchFiltersEnabled || typeMatchesClassFilters(catchClass, p.catchClassFilters, p.catchClassExclusionFilters))
            }
        }
        if (caught) return null
        return breakpoints.allBreakpoints.firstOrNull { bp ->
            bp.isEnabled && bp.type.id == "python-exception" && (bp.properties as? PyExceptionProperties)?.notifyOnTerminate == true
        }
    }

    override fun stopsOnFailedTests(): Boolean = session.stopsOnFailedTests

    override fun isProjectCode(file: Path): Boolean = runCatching { file.toAbsolutePath().normalize().startsWith(Path.of(session.project.basePath!!).toAbsolutePath().normalize()) }.getOrDefault(false)

    override fun suspended(frames: List<PyFrame>, cause: StopCause) {
        val context = PySuspendContext(session, frames)
        session.debuggerThread.execute {
            when (cause) {
                is StopCause.Breakpoint -> session.breakpointReached(cause.owner as XBreakpoint<*>, cause.logMessage, context)
                is StopCause.Exception -> session.breakpointReached(cause.owner as XBreakpoint<*>, null, context)
                // PyDebugProcess.threadSuspended: a failed test's stop names no registered exception breakpoint.
                StopCause.Position, is StopCause.FailedTest -> session.positionReached(context)
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
