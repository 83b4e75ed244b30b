// Which language an exception breakpoint goes to (ExceptionBreakpoints.choose) in IDEs with
// neither, one or both of the Java and Python plugins, and what Python's breakpoints refuse.
package dev.jetbrainsdebugger.platformmodel.debugger

import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.ExecutionException
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class ExceptionBreakpointChoiceTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null

    private fun start(config: IdeConfig) = DebuggerFixture(dir, config).also { fixture = it }

    @AfterEach
    fun close() {
        fixture?.close()
    }

    private fun spec(cls: String, caught: Boolean = false, uncaught: Boolean = true) =
        BreakpointSpec(BreakpointKind.Exception(cls, caught, uncaught), true, null, null, SuspendPolicy.ALL, false)

    private fun DebuggerFixture.refusal(spec: BreakpointSpec): IdeError {
        val e = assertFailsWith<ExecutionException> { facade.addBreakpoint(path, spec).done() }
        return e.cause as? IdeError ?: throw AssertionError("not an IdeError", e)
    }

    @Test
    fun `an IDE with neither the Java nor the Python plugin has no exception breakpoints to set`() {
        val f = start(IdeConfig("IntelliJ IDEA", "IU", "IU-252.23892.409", emptySet()))
        val before = f.breakpointManager.allBreakpoints.toList()
        val error = f.refusal(spec("java.lang.IllegalStateException"))
        assertEquals("not_supported", error.code)
        assertTrue("Java with the Java plugin, Python with the Python plugin" in error.message, error.message)
        assertEquals(before, f.breakpointManager.allBreakpoints.toList(), "nothing was added")
        f.platform.assertClean()
    }

    @Test
    fun `with both plugins a qualified name is a Java breakpoint and a builtin name a Python one`() {
        val f = start(IdeConfig("IntelliJ IDEA", "IU", "IU-252.23892.409", setOf("com.intellij.java", "com.intellij.modules.python")))
        val java = f.facade.addBreakpoint(f.path, spec("java.lang.IllegalStateException", caught = true, uncaught = false)).done().breakpoint
        val python = f.facade.addBreakpoint(f.path, spec("builtins.BaseException")).done().breakpoint
        assertEquals(BreakpointKind.Exception("java.lang.IllegalStateException", caught = true, uncaught = false), java.spec.kind)
        assertEquals(BreakpointKind.Exception("BaseException", caught = false, uncaught = true), python.spec.kind)
        f.platform.assertClean()
    }

    @Test
    fun `in an IDE with only the Java plugin an unqualified name is refused, not set as a breakpoint that never fires`() {
        val f = start(IdeConfig.INTELLIJ_IDEA)
        val before = f.breakpointManager.allBreakpoints.toList()
        val error = f.refusal(spec("IllegalStateException"))
        assertEquals("invalid_params", error.code)
        assertTrue("the Java exception breakpoints" in error.message && "java.lang.IllegalStateException" in error.message, error.message)
        assertEquals(before, f.breakpointManager.allBreakpoints.toList(), "nothing was added")
        assertEquals("java.lang.IllegalStateException", f.facade.addBreakpoint(f.path, spec("java.lang.IllegalStateException")).done().breakpoint.spec.kind.let { (it as BreakpointKind.Exception).exceptionClass })
        f.platform.assertClean()
    }

    @Test
    fun `Python exception breakpoints refuse caught exceptions and say which settings they take`() {
        val f = start(IdeConfig.PYCHARM)
        val caught = f.refusal(spec("BaseException", caught = true, uncaught = true))
        assertEquals("not_supported", caught.code)
        assertTrue("caught=false, uncaught=true" in caught.message, caught.message)
        val neither = f.refusal(spec("BaseException", caught = false, uncaught = false))
        assertEquals("not_supported", neither.code)
        f.platform.assertClean()
    }
}
