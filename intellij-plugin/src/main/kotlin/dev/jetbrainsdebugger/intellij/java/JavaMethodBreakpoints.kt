package dev.jetbrainsdebugger.intellij.java

import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XBreakpointType
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.intellij.FunctionBreakpointSupport
import org.jetbrains.java.debugger.breakpoints.properties.JavaMethodBreakpointProperties

/**
 * Java and Kotlin method breakpoints by `Class.method` ("java-wildcard-method", the Breakpoints
 * dialog's "Java Method Breakpoints" kind: a class pattern and a method name, no source line).
 * They stop on entry only, as a function breakpoint does (WATCH_EXIT off). Loaded only through
 * jetbrains-debugger-java.xml, as the exception breakpoints.
 */
class JavaMethodBreakpoints : FunctionBreakpointSupport {
    override val typeId = "java-wildcard-method"

    override fun create(manager: XBreakpointManager, type: XBreakpointType<*, *>, name: String): XBreakpoint<*> {
        val dot = name.lastIndexOf('.')
        if (dot <= 0 || dot == name.length - 1 || name.any { it.isWhitespace() || it == '(' }) {
            throw IdeError("invalid_params", "'$name' is not Class.method: name a Java or Kotlin method as com.example.Cart.total (a class pattern may use *)")
        }
        val properties = JavaMethodBreakpointProperties(name.substring(0, dot), name.substring(dot + 1))
        properties.WATCH_ENTRY = true
        properties.WATCH_EXIT = false
        @Suppress("UNCHECKED_CAST")
        return manager.addBreakpoint(type as XBreakpointType<XBreakpoint<JavaMethodBreakpointProperties>, JavaMethodBreakpointProperties>, properties)
    }

    override fun describe(breakpoint: XBreakpoint<*>): String {
        val p = breakpoint.properties as? JavaMethodBreakpointProperties ?: return "?"
        return "${p.myClassPattern}.${p.myMethodName}"
    }
}
