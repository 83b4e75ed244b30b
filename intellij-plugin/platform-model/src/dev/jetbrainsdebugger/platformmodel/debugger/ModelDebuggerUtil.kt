// XDebuggerUtil (the application service XDebuggerUtilImpl): the registered line breakpoint
// types, source positions (XSourcePositionImpl.create: null for no file or a negative line) and
// expressions (XExpressionImpl, a value object).
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.lang.Language
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.XExpression
import com.intellij.xdebugger.XSourcePosition
import com.intellij.xdebugger.breakpoints.XBreakpointType
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import com.intellij.xdebugger.evaluation.EvaluationMode

class ModelDebuggerUtil : XDebuggerUtil() {
    override fun getLineBreakpointTypes(): Array<XLineBreakpointType<*>> =
        XBreakpointType.EXTENSION_POINT_NAME.extensionList.filterIsInstance<XLineBreakpointType<*>>().toTypedArray()

    override fun createPosition(file: VirtualFile?, line: Int): XSourcePosition? =
        if (file == null || line < 0) null else ModelSourcePosition(file, line)

    /** Upstream XDebuggerUtilImpl.createPositionByElement: the element's file at the line of its text offset. */
    override fun createPositionByElement(element: com.intellij.psi.PsiElement?): XSourcePosition? {
        val field = element as? dev.jetbrainsdebugger.platformmodel.core.ModelPsiField ?: return null
        return createPosition(field.containingFile.virtualFile, field.line)
    }

    override fun createExpression(text: String, language: Language?, custom: String?, mode: EvaluationMode): XExpression =
        ModelExpression(text, language, custom, mode)
}

/** [line] 0-based. Equal when file and line are (XSourcePositionImpl compares them so). */
data class ModelSourcePosition(private val file: VirtualFile, private val line: Int) : XSourcePosition {
    override fun getLine() = line
    override fun getFile() = file
}

data class ModelExpression(
    private val expression: String,
    private val language: Language?,
    private val customInfo: String?,
    private val mode: EvaluationMode,
) : XExpression {
    override fun getExpression() = expression
    override fun getLanguage() = language
    override fun getCustomInfo() = customInfo
    override fun getMode() = mode
}
