package dev.jetbrainsdebugger.intellij.python

import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XBreakpointType
import com.intellij.xdebugger.frame.XStackFrame
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.intellij.Child
import dev.jetbrainsdebugger.intellij.ChildrenNode
import dev.jetbrainsdebugger.intellij.Deadlines
import dev.jetbrainsdebugger.intellij.ExceptionBreakpointSupport
import dev.jetbrainsdebugger.intellij.ExceptionBreakpoints
import dev.jetbrainsdebugger.intellij.Presenter
import java.util.concurrent.CompletableFuture

/**
 * Python exception breakpoints (PyCharm, or the Python plugin). PyExceptionBreakpointProperties
 * is @ApiStatus.Internal, so nothing of it is used: the breakpoint is created with the type's
 * own createProperties() (BaseException, "on termination", i.e. uncaught) and read back through
 * the public XBreakpointType.getDisplayText. Caught exceptions and specific classes are
 * therefore not supported, and say so.
 */
class PythonExceptionBreakpoints : ExceptionBreakpointSupport {
    override val typeId = "python-exception"
    override val language = "Python"
    override val sessionLanguages = setOf("python")

    override fun accepts(exceptionClass: String): Boolean =
        ExceptionBreakpointSupport.isAny(exceptionClass) || !exceptionClass.contains('.') || exceptionClass.startsWith("builtins.")

    override fun create(manager: XBreakpointManager, type: XBreakpointType<*, *>, kind: BreakpointKind.Exception): XBreakpoint<*> {
        val cls = kind.exceptionClass.removePrefix("builtins.")
        if (!(ExceptionBreakpointSupport.isAny(cls) || cls == BASE)) {
            throw IdeError(
                "not_supported",
                "Python exception breakpoints can only be set for any exception (BaseException) through the IDE's public API; " +
                    "'${kind.exceptionClass}' would need PyCharm's internal breakpoint properties. Use exception_class 'BaseException'.",
            )
        }
        if (kind.caught || !kind.uncaught) {
            throw IdeError(
                "not_supported",
                "Python exception breakpoints can only break on uncaught exceptions (caught=false, uncaught=true) through the IDE's public API",
            )
        }
        val existing = ExceptionBreakpoints.defaultBreakpoint(manager, type)
        if (existing != null) {
            existing.isEnabled = true
            return existing
        }
        return ExceptionBreakpoints.addWithDefaultProperties(manager, type)
    }

    override fun describe(breakpoint: XBreakpoint<*>): Pair<BreakpointKind.Exception, String?> {
        val text = ExceptionBreakpoints.displayText(breakpoint)
        val cls = if (text.isBlank() || text.startsWith("Any", ignoreCase = true) || text.startsWith("All", ignoreCase = true)) BASE else text
        return BreakpointKind.Exception(cls, caught = false, uncaught = true) to
            "caught/uncaught of Python exception breakpoints cannot be read through the IDE's public API; shown as uncaught"
    }

    /**
     * Whether its properties say "on termination" is not readable through public API: a breakpoint for any
     * exception is taken to stop at uncaught ones, as PyCharm's default breakpoint and createProperties() do.
     */
    override fun stopsAtUncaught(breakpoint: XBreakpoint<*>): Boolean = describe(breakpoint).first.exceptionClass == BASE

    /** The type's own createProperties(): BaseException, on termination (PyExceptionBreakpointProperties(String)). */
    override fun addUncaught(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*> =
        ExceptionBreakpoints.addWithDefaultProperties(manager, type)

    /**
     * PyCharm stops a failing test only through its own "Drop into debugger on failed tests"
     * setting, and a caught AssertionError needs the breakpoint's own properties: both
     * (PyDebuggerOptionsProvider, PyExceptionBreakpointProperties) are @ApiStatus.Internal.
     */
    override fun addTestFailure(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*> =
        throw IdeError(
            "not_supported",
            "a Python test stops where it fails in the IDE only with PyCharm's 'Drop into debugger on failed tests' " +
                "(Settings | Build, Execution, Deployment | Python Debugger), which plugins cannot turn on: that setting and " +
                "caught-exception breakpoint properties are internal API. With it on, the stop is reported as test_failed.",
        )

    override fun isAssertionFailure(type: String): Boolean = type.substringAfterLast('.') == "AssertionError"

    /**
     * pydevd puts `__exception__ = (type, value, traceback)` into the frame it stops in for an
     * exception; its presentation names the class and the message.
     */
    override fun exceptionInFrame(top: XStackFrame): CompletableFuture<ExceptionInfo?> =
        ChildrenNode.of(top, 300, Deadlines.PRESENTATION, null).thenCompose { children ->
            val value = children.items.filterIsInstance<Child.Value>().firstOrNull { it.name == "__exception__" }?.value
            if (value == null) {
                CompletableFuture.completedFuture(null)
            } else {
                Presenter.describe(value, null).thenApply { d -> parseException(d.presented.value) }
            }
        }.exceptionally { null }

    private fun parseException(text: String): ExceptionInfo {
        val type = Regex("""<class '([^']+)'>""").find(text)?.groupValues?.get(1) ?: "BaseException"
        val short = type.substringAfterLast('.')
        val message = Regex(Regex.escape(short) + """\((.*?)\)(?:,|\s*\)?$)""").find(text)?.groupValues?.get(1)
            ?.trim()?.removeSurrounding("'")?.removeSurrounding("\"") ?: ""
        return ExceptionInfo(type, message, null)
    }

    private companion object {
        const val BASE = "BaseException"
    }
}
