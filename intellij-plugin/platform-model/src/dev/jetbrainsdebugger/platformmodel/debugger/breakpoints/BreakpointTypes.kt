// The breakpoint types of the modelled IDE, registered as extensions of
// com.intellij.xdebugger.breakpointType as their plugins register them: Python's line and
// exception types (PyLineBreakpointType, PyExceptionBreakpointType, plugin python-ce) and Java's
// line, exception and method types (JavaLineBreakpointType, JavaExceptionBreakpointType,
// JavaMethodBreakpointType, plugin com.intellij.java).
package dev.jetbrainsdebugger.platformmodel.debugger.breakpoints

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XBreakpointType
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import dev.jetbrainsdebugger.platformmodel.core.ModelVirtualFile
import org.jetbrains.java.debugger.breakpoints.properties.JavaExceptionBreakpointProperties
import org.jetbrains.java.debugger.breakpoints.properties.JavaFieldBreakpointProperties
import org.jetbrains.java.debugger.breakpoints.properties.JavaMethodBreakpointProperties
import java.nio.file.Files

/**
 * XBreakpointType.createDefaultBreakpoint(XBreakpointCreator) in the model's terms (XBreakpointCreator is
 * not stubbed): the properties of the type's built-in breakpoint and whether it starts enabled.
 */
interface DefaultBreakpointSpec<P : XBreakpointProperties<*>> {
    fun defaultProperties(): P
    val defaultEnabled: Boolean
}

/** Properties without state (line breakpoints of both languages, Java method breakpoints here). */
class NoProperties : XBreakpointProperties<NoProperties>() {
    override fun getState(): NoProperties = this
    override fun loadState(state: NoProperties) {}
}

/**
 * PyExceptionBreakpointProperties (@ApiStatus.Internal upstream, so the plugin never sees this class):
 * the exception class and "on termination" (uncaught) / "on raise".
 */
class PyExceptionProperties(val exception: String) : XBreakpointProperties<PyExceptionProperties>() {
    @Volatile var notifyOnTerminate = false
    @Volatile var notifyOnlyOnFirst = false

    override fun getState(): PyExceptionProperties = this
    override fun loadState(state: PyExceptionProperties) {
        notifyOnTerminate = state.notifyOnTerminate
        notifyOnlyOnFirst = state.notifyOnlyOnFirst
    }
}

/**
 * PyLineBreakpointType: `python-line`, on `.py` lines that hold code. Upstream canPutAt walks the
 * line's PSI (XDebuggerUtil.iterateLine) and accepts a line with anything but whitespace and
 * comments; the model reads the file's text (no PSI) and skips blank lines, comment lines and the
 * inner lines of a triple-quoted string. It needs read access, as PSI does.
 */
class PythonLineBreakpointType : XLineBreakpointType<NoProperties>("python-line", "Python Line Breakpoint") {
    override fun canPutAt(file: VirtualFile, line: Int, project: Project): Boolean {
        ApplicationManager.getApplication().assertReadAccessAllowed()
        if (!file.name.endsWith(".py")) return false
        return line in SourceLines.codeLines(file)
    }

    override fun createBreakpointProperties(file: VirtualFile, line: Int): NoProperties? = null

    override fun getDisplayText(breakpoint: com.intellij.xdebugger.breakpoints.XLineBreakpoint<NoProperties>): String =
        "Line ${breakpoint.line + 1} in ${breakpoint.fileUrl.substringAfterLast('/')}"
}

/** JavaLineBreakpointType: `java-line` on `.java` lines with code (read access, as its PSI walk). */
class JavaLineBreakpointType : XLineBreakpointType<NoProperties>("java-line", "Java Line Breakpoints") {
    override fun canPutAt(file: VirtualFile, line: Int, project: Project): Boolean {
        ApplicationManager.getApplication().assertReadAccessAllowed()
        if (!file.name.endsWith(".java")) return false
        return line in SourceLines.codeLines(file, comment = "//")
    }

    override fun createBreakpointProperties(file: VirtualFile, line: Int): NoProperties? = null

    /** Upstream JavaLineBreakpointType outranks the other line types (priority 100). */
    override fun getPriority(): Int = 100

    override fun getDisplayText(breakpoint: com.intellij.xdebugger.breakpoints.XLineBreakpoint<NoProperties>): String =
        "Line ${breakpoint.line + 1} in ${breakpoint.fileUrl.substringAfterLast('/')}"
}

/**
 * PyExceptionBreakpointType: createProperties() is `new PyExceptionBreakpointProperties("BaseException")`, whose
 * constructor sets notifyOnTerminate (uncaught); its default breakpoint ("Any exception", on termination) is enabled.
 */
class PythonExceptionBreakpointType :
    XBreakpointType<XBreakpoint<PyExceptionProperties>, PyExceptionProperties>("python-exception", "Python Exception Breakpoint"),
    DefaultBreakpointSpec<PyExceptionProperties> {
    override fun createProperties(): PyExceptionProperties = PyExceptionProperties(BASE_EXCEPTION).apply { notifyOnTerminate = true }

    override fun defaultProperties() = PyExceptionProperties(BASE_EXCEPTION).apply { notifyOnTerminate = true }

    override val defaultEnabled = true

    override fun getDisplayText(breakpoint: XBreakpoint<PyExceptionProperties>): String {
        val exception = breakpoint.properties?.exception ?: return ""
        return if (exception == BASE_EXCEPTION) "Any exception" else exception
    }

    private companion object {
        const val BASE_EXCEPTION = "BaseException"
    }
}

/** JavaExceptionBreakpointType: its default breakpoint is "Any exception" (no class name), created disabled. */
class JavaExceptionBreakpointType :
    XBreakpointType<XBreakpoint<JavaExceptionBreakpointProperties>, JavaExceptionBreakpointProperties>("java-exception", "Java Exception Breakpoints"),
    DefaultBreakpointSpec<JavaExceptionBreakpointProperties> {
    override fun createProperties() = JavaExceptionBreakpointProperties()

    override fun defaultProperties() = JavaExceptionBreakpointProperties()

    override val defaultEnabled = false

    override fun getDisplayText(breakpoint: XBreakpoint<JavaExceptionBreakpointProperties>): String =
        breakpoint.properties?.myQualifiedName ?: "Any exception"
}

/**
 * JavaWildcardMethodBreakpointType (`java-wildcard-method`, the Breakpoints dialog's "Java Method Breakpoints"):
 * a class pattern and a method name, no source line; createProperties() is an empty JavaMethodBreakpointProperties.
 * getDisplayText is upstream's JavaMethodBreakpointType.getText: "class.method".
 */
class JavaWildcardMethodBreakpointType :
    XBreakpointType<XBreakpoint<JavaMethodBreakpointProperties>, JavaMethodBreakpointProperties>("java-wildcard-method", "Java Method Breakpoints") {
    override fun createProperties() = JavaMethodBreakpointProperties()

    override fun getDisplayText(breakpoint: XBreakpoint<JavaMethodBreakpointProperties>): String =
        breakpoint.properties?.let { "${it.myClassPattern}.${it.myMethodName}" } ?: ""
}

/** JavaMethodBreakpointType: a method breakpoint at a line (found through Java PSI), a kind the plugin does not express (it must skip it). */
class JavaMethodBreakpointType : XLineBreakpointType<NoProperties>("java-method", "Java Method Breakpoints") {
    override fun createBreakpointProperties(file: VirtualFile, line: Int): NoProperties? = null

    override fun getDisplayText(breakpoint: com.intellij.xdebugger.breakpoints.XLineBreakpoint<NoProperties>): String = "method breakpoint"
}

/**
 * JavaFieldBreakpointType (`java-field`, "Field Watchpoints"): an XLineBreakpoint at the field's
 * declaration with the class and field in JavaFieldBreakpointProperties; canPutAt accepts a line that
 * declares a field (upstream: the element at the line is a PsiField). getShortText is "Class.field".
 */
class JavaFieldBreakpointType : XLineBreakpointType<JavaFieldBreakpointProperties>("java-field", "Field Watchpoints") {
    override fun canPutAt(file: VirtualFile, line: Int, project: Project): Boolean =
        file.name.endsWith(".java") && SourceLines.codeLines(file, "//").contains(line)

    override fun createBreakpointProperties(file: VirtualFile, line: Int): JavaFieldBreakpointProperties = JavaFieldBreakpointProperties()

    override fun getDisplayText(breakpoint: com.intellij.xdebugger.breakpoints.XLineBreakpoint<JavaFieldBreakpointProperties>): String =
        breakpoint.properties?.let { "${it.myClassName.substringAfterLast('.')}.${it.myFieldName}" } ?: "field watchpoint"
}

/** Lines (0-based) that hold code: not blank, not a comment, not inside a triple-quoted string. */
internal object SourceLines {
    fun codeLines(file: VirtualFile, comment: String = "#"): Set<Int> {
        val path = (file as? ModelVirtualFile)?.nioPath ?: return emptySet()
        val lines = runCatching { Files.readAllLines(path) }.getOrDefault(emptyList())
        val out = HashSet<Int>()
        var inString = false
        for ((i, raw) in lines.withIndex()) {
            val text = raw.trim()
            val quotes = Regex("\"\"\"|'''").findAll(text).count()
            if (!inString && text.isNotEmpty() && !text.startsWith(comment)) out += i
            if (quotes % 2 == 1) inString = !inString
        }
        return out
    }
}
