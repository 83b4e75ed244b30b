package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.extensions.ExtensionPointName
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XBreakpointType
import com.intellij.xdebugger.frame.XStackFrame
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.IdeError
import java.util.concurrent.CompletableFuture

/**
 * Exception breakpoints are language-specific: each language plugin has its own breakpoint type
 * (looked up by id through XBreakpointType.EXTENSION_POINT_NAME) and properties class. Support
 * for one is an extension of this plugin's own extension point, registered from an
 * optional-dependency descriptor (jetbrains-debugger-java.xml, jetbrains-debugger-python.xml), so
 * a class that mentions Java-plugin types is only ever loaded where that plugin is present.
 */
interface ExceptionBreakpointSupport {
    /** The id of the XBreakpointType this supports, e.g. "java-exception". */
    val typeId: String

    /** A short language name for messages, e.g. "Java". */
    val language: String

    /** The SessionInfo.language of the sessions this language's debugger runs ("python"; "java", "kotlin"). */
    val sessionLanguages: Set<String>

    /** Whether [exceptionClass] reads like an exception name of this language. */
    fun accepts(exceptionClass: String): Boolean

    /**
     * Creates (or reuses and enables) the breakpoint for [kind]. Called on the EDT inside a
     * write action. Throws [IdeError] `not_supported` for settings this language cannot take.
     */
    fun create(manager: XBreakpointManager, type: XBreakpointType<*, *>, kind: BreakpointKind.Exception): XBreakpoint<*>

    /** What [breakpoint] (of [typeId]) breaks on, as the bridge reports it, with a note when something is not readable. */
    fun describe(breakpoint: XBreakpoint<*>): Pair<BreakpointKind.Exception, String?>

    /**
     * The exception a pause stopped for, where this language's debugger names it in the top
     * frame [top] (an answer of null: the pause was no exception stop); null, or a failed future,
     * where the frame does not tell, and the enabled exception breakpoints alone decide.
     */
    fun exceptionInFrame(top: XStackFrame): CompletableFuture<ExceptionInfo?>? = null

    /** Whether [breakpoint] (of [typeId], enabled) stops at every uncaught exception. */
    fun stopsAtUncaught(breakpoint: XBreakpoint<*>): Boolean

    /** Adds a breakpoint that stops at uncaught exceptions of any class, for one launch. EDT, write action. */
    fun addUncaught(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*>

    /**
     * Adds a breakpoint that stops where a test fails (its assertion error, caught by the test
     * runner), for one launch. EDT, write action. Throws [IdeError] `not_supported` saying why where
     * the language cannot through public API.
     */
    fun addTestFailure(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*> =
        throw IdeError("not_supported", "$language exception breakpoints cannot stop where a test fails through the IDE's public API")

    /** Whether [breakpoint] (of [typeId], enabled) already stops where a test fails (the user's own). */
    fun stopsAtTestFailure(breakpoint: XBreakpoint<*>): Boolean = false

    /** Whether an exception named [type] (as [exceptionInFrame] or the debugger names it) is a failed assertion. */
    fun isAssertionFailure(type: String): Boolean = false

    companion object {
        val EP_NAME = ExtensionPointName<ExceptionBreakpointSupport>("dev.jetbrainsdebugger.exceptionBreakpointSupport")

        /** "Any exception" as the bridge may spell it. */
        fun isAny(exceptionClass: String): Boolean =
            exceptionClass.isBlank() || exceptionClass == "*" || exceptionClass.equals("any", ignoreCase = true)
    }
}

internal object ExceptionBreakpoints {
    fun supports(): List<ExceptionBreakpointSupport> =
        runCatching { ExceptionBreakpointSupport.EP_NAME.extensionList }.getOrDefault(emptyList())

    fun type(id: String): XBreakpointType<*, *>? =
        XBreakpointType.EXTENSION_POINT_NAME.extensionList.firstOrNull { it.id == id }

    /** The support and breakpoint type for [exceptionClass] in this IDE; `not_supported` when there is none. */
    fun choose(exceptionClass: String): Pair<ExceptionBreakpointSupport, XBreakpointType<*, *>> {
        val available = supports().mapNotNull { s -> type(s.typeId)?.let { s to it } }
        if (available.isEmpty()) {
            throw IdeError(
                "not_supported",
                "this IDE has no exception breakpoints the plugin can set (supported: Java with the Java plugin, Python with the Python plugin)",
            )
        }
        // A name no language here takes would make a breakpoint that never fires (Java matches qualified names only).
        return available.firstOrNull { it.first.accepts(exceptionClass) }
            ?: throw IdeError(
                "invalid_params",
                "'$exceptionClass' is not an exception name the ${available.joinToString(" or ") { it.first.language }} exception breakpoints " +
                    "of this IDE take; use a qualified Java name (java.lang.IllegalStateException) or a Python builtin name (ValueError)",
            )
    }

    /** The support of the language a session with SessionInfo.language [language] is debugged in, if any. */
    fun ofSessionLanguage(language: String?): ExceptionBreakpointSupport? =
        language?.let { l -> supports().firstOrNull { l in it.sessionLanguages } }

    /** The support for [breakpoint]'s type, if it is an exception breakpoint this plugin knows. */
    fun supportFor(breakpoint: XBreakpoint<*>): ExceptionBreakpointSupport? {
        val id = breakpoint.type.id
        return supports().firstOrNull { it.typeId == id }
    }

    /** A type known only by its id, seen through its generic bounds (the generics are erased at run time). */
    @Suppress("UNCHECKED_CAST")
    fun typed(type: XBreakpointType<*, *>): XBreakpointType<XBreakpoint<XBreakpointProperties<*>>, XBreakpointProperties<*>> =
        type as XBreakpointType<XBreakpoint<XBreakpointProperties<*>>, XBreakpointProperties<*>>

    /** Adds a breakpoint of a type known only by its id, with the type's own default properties. */
    fun addWithDefaultProperties(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*> {
        val typed = typed(type)
        return manager.addBreakpoint(typed, typed.createProperties())
    }

    /** The type's default breakpoint (e.g. Java's "Any exception"), if it has one. */
    fun defaultBreakpoint(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*>? =
        manager.getDefaultBreakpoints(typed(type)).firstOrNull()

    /** The type's own one-line description of [breakpoint] ("Any exception", "ValueError"). */
    @Suppress("UNCHECKED_CAST")
    fun displayText(breakpoint: XBreakpoint<*>): String =
        runCatching { typed(breakpoint.type).getDisplayText(breakpoint as XBreakpoint<XBreakpointProperties<*>>) }.getOrNull().orEmpty()
}
