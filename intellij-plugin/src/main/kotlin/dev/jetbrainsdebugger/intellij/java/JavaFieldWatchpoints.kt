package dev.jetbrainsdebugger.intellij.java

import com.intellij.openapi.project.Project
import com.intellij.psi.JavaPsiFacade
import com.intellij.psi.search.GlobalSearchScope
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import dev.jetbrainsdebugger.intellij.FieldDeclaration
import dev.jetbrainsdebugger.intellij.FieldWatchpointSupport
import org.jetbrains.java.debugger.breakpoints.properties.JavaFieldBreakpointProperties

/**
 * Java field watchpoints ("java-field", the "Add Field Watchpoint" action's type): placed as
 * JavaFieldBreakpointType.addBreakpoint places them, at the line of the field's declaration found
 * through JavaPsiFacade, with the declaring class's name; writes only (WATCH_MODIFICATION).
 * Loaded only through jetbrains-debugger-java.xml, as the method breakpoints.
 */
class JavaFieldWatchpoints : FieldWatchpointSupport {
    override val typeId = "java-field"
    override val language = "java"

    override fun locate(project: Project, className: String, fieldName: String): FieldDeclaration? {
        val psiClass = JavaPsiFacade.getInstance(project).findClass(className, GlobalSearchScope.allScope(project)) ?: return null
        val field = psiClass.findFieldByName(fieldName, true) ?: return null
        val declaring = field.containingClass?.qualifiedName ?: return null
        val position = XDebuggerUtil.getInstance().createPositionByElement(field) ?: return null
        return FieldDeclaration(position.file.url, position.line, declaring, field.name)
    }

    override fun create(manager: XBreakpointManager, type: XLineBreakpointType<*>, at: FieldDeclaration): XLineBreakpoint<*> {
        val properties = JavaFieldBreakpointProperties(at.fieldName, at.className)
        properties.WATCH_MODIFICATION = true
        properties.WATCH_ACCESS = false
        @Suppress("UNCHECKED_CAST")
        return manager.addLineBreakpoint(type as XLineBreakpointType<JavaFieldBreakpointProperties>, at.fileUrl, at.line, properties, false)
    }

    override fun describe(breakpoint: XBreakpoint<*>): String {
        val p = breakpoint.properties as? JavaFieldBreakpointProperties ?: return "?"
        return if (p.myClassName.isNullOrEmpty()) p.myFieldName ?: "?" else "${p.myClassName}.${p.myFieldName}"
    }
}
