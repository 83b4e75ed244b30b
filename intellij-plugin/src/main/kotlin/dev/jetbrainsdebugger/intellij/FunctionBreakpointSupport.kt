package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.extensions.ExtensionPointName
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XBreakpointType
import dev.jetbrainsdebugger.ide.IdeError

/**
 * Function breakpoints are language-specific, as exception breakpoints are: Java's method
 * breakpoint type takes `Class.method`. Support for one is an extension of this plugin's own
 * extension point, registered from the language's optional-dependency descriptor. PyCharm has no
 * function breakpoint type: a Python function breakpoint is `not_supported`.
 */
interface FunctionBreakpointSupport {
    /** The id of the XBreakpointType this supports, e.g. "java-wildcard-method". */
    val typeId: String

    /** Creates the breakpoint stopping on entry to [name] (`not_supported` or `invalid_params` for a name it cannot take). EDT, write action. */
    fun create(manager: XBreakpointManager, type: XBreakpointType<*, *>, name: String): XBreakpoint<*>

    /** The function [breakpoint] (of [typeId]) stops on, as the agent names it. */
    fun describe(breakpoint: XBreakpoint<*>): String

    companion object {
        val EP_NAME = ExtensionPointName<FunctionBreakpointSupport>("dev.jetbrainsdebugger.functionBreakpointSupport")
    }
}

internal object FunctionBreakpoints {
    private fun supports(): List<FunctionBreakpointSupport> =
        runCatching { FunctionBreakpointSupport.EP_NAME.extensionList }.getOrDefault(emptyList())

    /** The support and type of this IDE; `not_supported` naming the alternative where there is none. */
    fun choose(name: String): Pair<FunctionBreakpointSupport, XBreakpointType<*, *>> =
        supports().firstNotNullOfOrNull { s -> ExceptionBreakpoints.type(s.typeId)?.let { s to it } }
            ?: throw IdeError(
                "not_supported",
                "this IDE has no function breakpoints for '$name' (Java's method breakpoints need the Java plugin; PyCharm has none): " +
                    "set a line breakpoint at the function's first line instead",
            )

    fun supportFor(breakpoint: XBreakpoint<*>): FunctionBreakpointSupport? = supports().firstOrNull { it.typeId == breakpoint.type.id }
}
