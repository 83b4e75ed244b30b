package dev.jetbrainsdebugger.intellij.java

import com.intellij.ui.classFilter.ClassFilter
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
import dev.jetbrainsdebugger.intellij.Presenter
import org.jetbrains.java.debugger.breakpoints.properties.JavaExceptionBreakpointProperties
import java.util.concurrent.CompletableFuture

/**
 * Java exception breakpoints ("java-exception", plugin com.intellij.java). Loaded only through
 * jetbrains-debugger-java.xml, the optional-dependency descriptor, so this class and the Java
 * plugin's JavaExceptionBreakpointProperties it uses are never touched in an IDE without Java.
 * The properties are public fields (NOTIFY_CAUGHT, NOTIFY_UNCAUGHT, myQualifiedName): set
 * directly, no reflection.
 */
class JavaExceptionBreakpoints : ExceptionBreakpointSupport {
    override val typeId = "java-exception"
    override val language = "Java"
    override val sessionLanguages = setOf("java", "kotlin")

    override fun accepts(exceptionClass: String): Boolean =
        ExceptionBreakpointSupport.isAny(exceptionClass) || (exceptionClass.contains('.') && !exceptionClass.startsWith("builtins."))

    override fun create(manager: XBreakpointManager, type: XBreakpointType<*, *>, kind: BreakpointKind.Exception): XBreakpoint<*> {
        if (!kind.caught && !kind.uncaught) {
            throw IdeError("invalid_params", "an exception breakpoint must break on caught or uncaught exceptions (or both)")
        }
        @Suppress("UNCHECKED_CAST")
        val typed = type as XBreakpointType<XBreakpoint<JavaExceptionBreakpointProperties>, JavaExceptionBreakpointProperties>
        if (ExceptionBreakpointSupport.isAny(kind.exceptionClass)) {
            // The built-in "Any exception" breakpoint: a default breakpoint, disabled until asked for.
            val any = manager.getDefaultBreakpoints(typed).firstOrNull()
            if (any != null) {
                any.properties?.let {
                    it.NOTIFY_CAUGHT = kind.caught
                    it.NOTIFY_UNCAUGHT = kind.uncaught
                }
                any.isEnabled = true
                return any
            }
        }
        val name = if (ExceptionBreakpointSupport.isAny(kind.exceptionClass)) THROWABLE else kind.exceptionClass
        val properties = JavaExceptionBreakpointProperties(name)
        properties.NOTIFY_CAUGHT = kind.caught
        properties.NOTIFY_UNCAUGHT = kind.uncaught
        return manager.addBreakpoint(typed, properties)
    }

    override fun stopsAtUncaught(breakpoint: XBreakpoint<*>): Boolean {
        val p = breakpoint.properties as? JavaExceptionBreakpointProperties ?: return false
        return p.NOTIFY_UNCAUGHT && (p.myQualifiedName.isNullOrBlank() || p.myQualifiedName == THROWABLE)
    }

    /** java.lang.Throwable, uncaught only: what the "Any exception" breakpoint does with only "Uncaught exception" ticked. */
    override fun addUncaught(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*> {
        val properties = JavaExceptionBreakpointProperties(THROWABLE)
        properties.NOTIFY_CAUGHT = false
        properties.NOTIFY_UNCAUGHT = true
        @Suppress("UNCHECKED_CAST")
        return manager.addBreakpoint(type as XBreakpointType<XBreakpoint<JavaExceptionBreakpointProperties>, JavaExceptionBreakpointProperties>, properties)
    }

    /**
     * java.lang.AssertionError, caught or not: JUnit 5's AssertionFailedError, JUnit 4's and
     * TestNG's assertion errors and Java's `assert` all extend it, and an exception breakpoint
     * stops for subclasses (the debugger's exception request matches instances of the class).
     * Not where an assertion library catches it itself (assertThrows, assertAll, soft assertions):
     * those catches are excluded by class. The runner's own catch cannot be named instead, because
     * the first frame that catches a test's throwable is reflection code (JUnit 5 calls the test
     * through Method.invoke), so every other catch still stops.
     */
    override fun addTestFailure(manager: XBreakpointManager, type: XBreakpointType<*, *>): XBreakpoint<*> {
        val properties = JavaExceptionBreakpointProperties(ASSERTION_ERROR)
        properties.NOTIFY_CAUGHT = true
        properties.NOTIFY_UNCAUGHT = true
        properties.setCatchFiltersEnabled(true)
        properties.setCatchClassExclusionFilters(ASSERTION_LIBRARY_CATCHES.map { ClassFilter(it) }.toTypedArray())
        @Suppress("UNCHECKED_CAST")
        return manager.addBreakpoint(type as XBreakpointType<XBreakpoint<JavaExceptionBreakpointProperties>, JavaExceptionBreakpointProperties>, properties)
    }

    override fun stopsAtTestFailure(breakpoint: XBreakpoint<*>): Boolean {
        val p = breakpoint.properties as? JavaExceptionBreakpointProperties ?: return false
        return p.NOTIFY_CAUGHT && (p.myQualifiedName.isNullOrBlank() || p.myQualifiedName in setOf(ASSERTION_ERROR, "java.lang.Error", THROWABLE))
    }

    /** [type] qualified or short, as the id label names it. */
    override fun isAssertionFailure(type: String): Boolean =
        type.substringAfterLast('.').let { it == "AssertionError" || it == "AssertionFailedError" || it == "ComparisonFailure" }

    /**
     * At an exception stop the Java debugger shows the thrown object first among the top frame's
     * values (JavaStackFrame.createExceptionNodes), named JavaDebuggerBundle "exception" ("Exception"
     * in English) and drawn without running its methods: its presentation's type is its id label
     * ("AssertionFailedError@1042"), its message Throwable's detailMessage field. Where no such
     * node is found (another UI language) the future fails: the frame did not tell.
     */
    override fun exceptionInFrame(top: XStackFrame): CompletableFuture<ExceptionInfo?> =
        ChildrenNode.of(top, 300, Deadlines.PRESENTATION, null).thenCompose { children ->
            val thrown = children.items.filterIsInstance<Child.Value>().firstOrNull { it.name == EXCEPTION_NODE }?.value
                ?: throw IllegalStateException("no '$EXCEPTION_NODE' node in the top frame")
            Presenter.describe(thrown, null).thenCompose { d ->
                val type = d.presented.type?.substringBefore('@').orEmpty()
                ChildrenNode.of(thrown, 100, Deadlines.PRESENTATION, null).thenCompose { fields ->
                    val message = fields.items.filterIsInstance<Child.Value>().firstOrNull { it.name == "detailMessage" }?.value
                    message?.let { m -> Presenter.describe(m, null).thenApply { it.presented.value.removeSurrounding("\"") } }
                        ?: CompletableFuture.completedFuture("")
                }.thenApply { message -> ExceptionInfo(type, message, null) }
            }
        }

    override fun describe(breakpoint: XBreakpoint<*>): Pair<BreakpointKind.Exception, String?> {
        val p = breakpoint.properties as? JavaExceptionBreakpointProperties
            ?: return BreakpointKind.Exception("*", caught = true, uncaught = true) to "unreadable exception breakpoint properties"
        val cls = p.myQualifiedName?.takeIf { it.isNotBlank() } ?: "*"
        return BreakpointKind.Exception(cls, caught = p.NOTIFY_CAUGHT, uncaught = p.NOTIFY_UNCAUGHT) to null
    }

    private companion object {
        const val THROWABLE = "java.lang.Throwable"
        const val ASSERTION_ERROR = "java.lang.AssertionError"
        const val EXCEPTION_NODE = "Exception"

        /** The classes of the assertion libraries that catch an AssertionError by design (ClassFilter masks). */
        val ASSERTION_LIBRARY_CATCHES = listOf(
            "org.junit.jupiter.api.Assert*", // JUnit 5: AssertThrows, AssertAll, AssertTimeout...
            "org.junit.Assert", // JUnit 4: assertThrows
            "org.testng.Assert", // TestNG: assertThrows, expectThrows
            "org.testng.asserts.*", // TestNG's SoftAssert
            "org.assertj.*", // AssertJ: assertThatThrownBy, soft assertions
            "kotlin.test.*", // kotlin.test: assertFailsWith
        )
    }
}
