package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.WriteAction
import com.intellij.openapi.extensions.ExtensionPointName
import com.intellij.openapi.project.DumbService
import com.intellij.openapi.project.IndexNotReadyException
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import com.intellij.xdebugger.evaluation.EvaluationMode
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.ValueTarget
import java.util.concurrent.CompletableFuture

/** Where a field is declared: its file, its 0-based line, and its class as the debugger names it. */
data class FieldDeclaration(val fileUrl: String, val line: Int, val className: String, val fieldName: String)

/**
 * Data breakpoints in the IDE are field watchpoints, a language's own breakpoint type (Java's
 * "java-field", the "Add Field Watchpoint" action's): a class name, a field name, and the line of
 * the field's declaration, found through the language's PSI. Support for one is an extension of
 * this plugin's own extension point, registered from the language's optional-dependency descriptor.
 */
interface FieldWatchpointSupport {
    /** The id of the XLineBreakpointType this supports, e.g. "java-field". */
    val typeId: String

    /** The session language ([SessionRecord.language]) whose fields this watches. */
    val language: String

    /** Pooled thread, read action: the field [fieldName] of class [className] or of a superclass, or null. */
    fun locate(project: Project, className: String, fieldName: String): FieldDeclaration?

    /** Watches writes of the field at [at]. EDT, write action. */
    fun create(manager: XBreakpointManager, type: XLineBreakpointType<*>, at: FieldDeclaration): XLineBreakpoint<*>

    /** The field [breakpoint] (of [typeId]) watches, as `Class.field`. */
    fun describe(breakpoint: XBreakpoint<*>): String

    companion object {
        val EP_NAME = ExtensionPointName<FieldWatchpointSupport>("dev.jetbrainsdebugger.fieldWatchpointSupport")
    }
}

/**
 * `breakpoints/watch`: a field of an object of the paused frame, named `receiver.field` or by a
 * variable slot inside an object, becomes a field watchpoint (writes only) that belongs to the
 * session and is removed when it ends, as a standalone data breakpoint is. The receiver's class is
 * its runtime class (`getClass().getName()` evaluated in the frame); the field may be declared in a
 * superclass. Local variables and languages without field watchpoints are `not_supported`.
 */
internal object FieldWatchpoints {
    private fun supports(): List<FieldWatchpointSupport> =
        runCatching { FieldWatchpointSupport.EP_NAME.extensionList }.getOrDefault(emptyList())

    fun supportFor(breakpoint: XBreakpoint<*>): FieldWatchpointSupport? = supports().firstOrNull { it.typeId == breakpoint.type.id }

    private val IDENTIFIER = Regex("[A-Za-z_$][A-Za-z0-9_$]*")

    /** javac's binary names of local and anonymous classes: a `$` followed by a digit. */
    private val LOCAL_OR_ANONYMOUS = Regex("""\$\d""")

    private fun indexing(name: String) =
        IdeError("not_supported", "Cannot watch $name while the IDE is indexing; try again when indexing has finished")

    fun watch(record: SessionRecord, frameRef: String, target: ValueTarget, name: String, deadline: Deadline): CompletableFuture<BreakpointInfo> {
        record.paused()
        val language = record.language ?: "this configuration's language"
        val support = supports().firstOrNull { it.language == record.language }
            ?: throw IdeError("not_supported", "Cannot watch $name: the IDE's data breakpoints are Java field watchpoints; $language has none")
        val type = ExceptionBreakpoints.type(support.typeId) as? XLineBreakpointType<*>
            ?: throw IdeError("not_supported", "Cannot watch $name: this IDE has no ${support.typeId} breakpoints")
        val local = IdeError(
            "not_supported",
            "Cannot watch $name: the IDE watches Java fields only (field watchpoints), not local variables; name a field as this.$name or cart.$name",
        )
        // A variable slot is watched by its evaluate name (`this.total`): its receiver is what precedes the field.
        val (frame, path) = when (target) {
            is ValueTarget.Expression -> record.handles.frame(frameRef) to target.expression.trim()
            is ValueTarget.Slot -> {
                val h = record.handles.value(target.container)
                (h.frame ?: record.handles.frame(frameRef)) to (h.evaluateName ?: throw local)
            }
        }
        val dot = path.lastIndexOf('.')
        if (dot <= 0) throw local
        val receiver = path.substring(0, dot).trim()
        val field = path.substring(dot + 1).trim()
        if (!IDENTIFIER.matches(field)) throw IdeError("invalid_params", "Cannot watch $name: '$field' is not a field name")
        return PausedSession.evaluateRaw(frame, "($receiver).getClass().getName()", EvaluationMode.EXPRESSION, deadline)
            .thenCompose { Presenter.describe(it, deadline) }
            .thenCompose { d ->
                val runtimeName = d.presented.value.trim().removeSurrounding("\"").removeSurrounding("'")
                // A local or anonymous class (Outer$1, Outer$1Helper) has no name PSI can find it by.
                if (LOCAL_OR_ANONYMOUS.containsMatchIn(runtimeName)) {
                    throw IdeError("not_supported", "Cannot watch $name: $runtimeName is a local or anonymous class, which the IDE's field watchpoints cannot name")
                }
                // The runtime name of a nested class is Outer$Inner; its PSI name Outer.Inner.
                val className = runtimeName.replace('$', '.')
                Async.readOnPooled {
                    // Java PSI needs the indexes: while the IDE indexes, the class cannot be looked up.
                    if (DumbService.isDumb(record.project)) throw indexing(name)
                    try {
                        support.locate(record.project, className, field)
                    } catch (e: IndexNotReadyException) {
                        throw indexing(name)
                    }
                }.thenApply { at ->
                    at ?: throw IdeError("invalid_params", "Cannot watch $name: $className has no field '$field' in the project's sources or libraries")
                }
            }
            .thenCompose { at ->
                Async.onEdt(deadline) {
                    val manager = Breakpoints.manager(record.project)
                    val breakpoint = WriteAction.compute<XLineBreakpoint<*>, RuntimeException> { support.create(manager, type, at) }
                    val ids = BreakpointIds.of(record.project)
                    ids.setWatchName(ids.id(breakpoint), name)
                    record.watchpoints += breakpoint
                    Breakpoints.info(record.project, manager, breakpoint)!!
                }
            }
    }

    /** EDT: the session ended; its watchpoints go with it. */
    fun removeAll(record: SessionRecord) {
        val gone = record.watchpoints.toList()
        record.watchpoints.clear()
        if (gone.isEmpty() || record.project.isDisposed) return
        val manager = Breakpoints.manager(record.project)
        for (bp in gone) {
            if (manager.allBreakpoints.any { it === bp }) WriteAction.run<RuntimeException> { manager.removeBreakpoint(bp) }
        }
    }
}
