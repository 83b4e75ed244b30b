// Test configurations debugged through IntellijIdeFacade.launch. JUnit over a modelled IntelliJ
// IDEA: the session stops where the test fails (the launch's own java.lang.AssertionError
// breakpoint, caught by the runner), in the test's own frame below the assertion library's, names
// the test, and the breakpoint lives exactly as long as the session; the user's own stays
// untouched, and break_on_uncaught false turns the stop off. pytest over a modelled PyCharm: the
// plugin cannot make it stop (internal API) and tells the agent why; with the user's own "Drop
// into debugger on failed tests" on, PyCharm's stop is reported as the failed test.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.openapi.application.WriteAction
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointType
import dev.jetbrainsdebugger.ide.FailedTest
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.ide.VariableScope
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebuggerManager
import org.jetbrains.java.debugger.breakpoints.properties.JavaExceptionBreakpointProperties
import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class TestFailureLaunchTest {
    private fun fixture(): ExecutionFixture {
        val f = ExecutionFixture(listOf(DebuggerArea()), IdeConfig.INTELLIJ_IDEA)
        Files.writeString(f.dir.resolve("CartTest.java"), ScriptedProgram.forScript("CartTest.java")!!.source!!)
        f.runManager.define(ConfigurationDefinition("CartTest", ConfigurationTypeDefinition.JUNIT, listOf("java", "CartTest"), "CartTest.java"))
        return f
    }

    private fun ExecutionFixture.javaExceptionBreakpoints(): List<XBreakpoint<*>> = platform.app.onEdtAndWait {
        XDebuggerManager.getInstance(project).breakpointManager.allBreakpoints.filter { it.type.id == "java-exception" && it.isEnabled }
    }

    @Test
    fun a_failing_junit_test_stops_in_its_own_frame_named_and_the_launch_breakpoint_goes_with_the_session() = fixture().use { f ->
        val before = f.javaExceptionBreakpoints()

        val session = f.await(f.facade.launch(f.path, "CartTest", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
        val pause = f.sink.awaitPause(session.id)

        assertEquals(StopReason.TEST_FAILED, pause.reason)
        assertEquals(emptyList(), pause.hitBreakpoints, "the launch's own breakpoints are no hit of the agent's")
        // Below Assertions.assertEquals, the library frame it was thrown in; the message is the thrown object's detailMessage.
        assertEquals(FailedTest("com.example.CartTest.totalAddsTax", "expected: <160> but was: <165>", 1), pause.failedTest)
        assertEquals("AssertionFailedError", pause.exception?.type)
        val stack = f.await(f.facade.stack(session.id, pause.threadId!!, 10)).frames
        assertEquals(listOf("assertEquals" to true, "totalAddsTax" to false, "main" to true), stack.map { it.method to it.isLibrary })
        assertEquals(11, stack[1].line)
        // The IDE shows the test's frame too, and its locals are the failing test's.
        val debugSession = XDebuggerManager.getInstance(f.project).debugSessions.single()
        assertEquals(11, f.platform.app.onEdtAndWait { debugSession.currentStackFrame?.sourcePosition?.line?.plus(1) })
        val locals = f.await(f.facade.variables(session.id, stack[1].frameRef, VariableScope.LOCAL)).associate { it.name to it.value }
        assertEquals("165", locals["total"])
        // While the session lives, its own AssertionError breakpoint (caught and uncaught) is there, and never listed.
        val during = f.javaExceptionBreakpoints() - before.toSet()
        assertTrue(during.any { (it.properties as JavaExceptionBreakpointProperties).let { p -> p.myQualifiedName == "java.lang.AssertionError" && p.NOTIFY_CAUGHT } }, "$during")
        assertTrue(f.await(f.facade.breakpoints(f.path)).none { it.spec.kind.toString().contains("AssertionError") })

        f.await(f.facade.resume(session.id))
        f.sink.awaitTerminated(session.id)
        assertTrue(f.sink.text(session.id, OutputCategory.STDOUT).contains("CartTest.totalAddsTax() failed: expected: <160> but was: <165>"))
        eventually("the launch's breakpoints removed") { f.javaExceptionBreakpoints() == before }
        f.platform.assertClean()
    }

    /**
     * assertThrows(AssertionError.class, ...) catches the AssertionError it expects inside a passing
     * test: the launch's breakpoint leaves out catches in the assertion libraries (catch-class
     * exclusion filters), so the first stop is the failing test after it, caught by the runner.
     */
    @Test
    fun an_assertion_error_assert_throws_catches_in_a_passing_test_does_not_stop_it() = ExecutionFixture(listOf(DebuggerArea()), IdeConfig.INTELLIJ_IDEA).use { f ->
        Files.writeString(f.dir.resolve("RefundTest.java"), ScriptedProgram.forScript("RefundTest.java")!!.source!!)
        f.runManager.define(ConfigurationDefinition("RefundTest", ConfigurationTypeDefinition.JUNIT, listOf("java", "RefundTest"), "RefundTest.java"))

        val session = f.await(f.facade.launch(f.path, "RefundTest", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
        val pause = f.sink.awaitPause(session.id)

        assertEquals(StopReason.TEST_FAILED, pause.reason)
        assertEquals(FailedTest("com.example.RefundTest.refundKeepsFee", "expected: <100> but was: <95>", 1), pause.failedTest)
        val filters = f.javaExceptionBreakpoints().map { it.properties as JavaExceptionBreakpointProperties }
            .single { it.myQualifiedName == "java.lang.AssertionError" }
        assertTrue(filters.isCatchFiltersEnabled)
        assertEquals(emptyList(), filters.catchClassFilters.toList(), "JUnit 5's first catch is in reflection code: no inclusion filter")
        f.await(f.facade.resume(session.id))
        f.sink.awaitTerminated(session.id)
        assertEquals(1, f.sink.pauses.size, "one stop: ${f.sink.pauses}")
        val out = f.sink.text(session.id, OutputCategory.STDOUT)
        assertTrue(!out.contains("rejectsNegativeRefund() failed") && out.contains("RefundTest.refundKeepsFee() failed"), out)
        f.platform.assertClean()
    }

    @Test
    fun a_users_own_assertion_breakpoint_is_left_as_it_is() = fixture().use { f ->
        val mine = f.platform.app.onEdtAndWait {
            WriteAction.compute<XBreakpoint<*>, RuntimeException> {
                val manager = XDebuggerManager.getInstance(f.project).breakpointManager
                @Suppress("UNCHECKED_CAST")
                val type = XBreakpointType.EXTENSION_POINT_NAME.extensionList.single { it.id == "java-exception" }
                    as XBreakpointType<XBreakpoint<JavaExceptionBreakpointProperties>, JavaExceptionBreakpointProperties>
                manager.addBreakpoint(type, JavaExceptionBreakpointProperties("java.lang.AssertionError").apply { NOTIFY_CAUGHT = true; NOTIFY_UNCAUGHT = false })
            }
        }
        val session = f.await(f.facade.launch(f.path, "CartTest", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
        val pause = f.sink.awaitPause(session.id)
        // The user's breakpoint stopped it where the test failed: nothing was added for that.
        assertEquals(StopReason.TEST_FAILED, pause.reason)
        assertEquals("expected: <160> but was: <165>", pause.failedTest?.message)
        assertEquals(1, f.javaExceptionBreakpoints().count { (it.properties as JavaExceptionBreakpointProperties).myQualifiedName == "java.lang.AssertionError" })
        f.await(f.facade.resume(session.id))
        f.sink.awaitTerminated(session.id)
        eventually("the launch's uncaught breakpoint removed") { f.javaExceptionBreakpoints() == listOf(mine) }
        f.platform.assertClean()
    }

    @Test
    fun break_on_uncaught_false_runs_the_failing_test_through() = fixture().use { f ->
        val session = f.await(f.facade.launch(f.path, "CartTest", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = false)))
        f.sink.awaitTerminated(session.id)
        assertTrue(f.sink.text(session.id, OutputCategory.STDOUT).contains("CartTest.totalAddsTax() failed"))
        assertEquals(emptyList(), f.sink.pauses, "no stop")
        assertEquals(emptyList(), f.javaExceptionBreakpoints())
        f.platform.assertClean()
    }

    private fun pytestFixture(dropIntoDebugger: Boolean): ExecutionFixture {
        val f = ExecutionFixture(listOf(DebuggerArea()))
        Files.writeString(f.dir.resolve("test_cart.py"), ScriptedProgram.forScript("test_cart.py")!!.source!!)
        f.runManager.define(
            ConfigurationDefinition("pytest in test_cart.py", ConfigurationTypeDefinition.PYTHON_TESTS, listOf("python3", "-m", "pytest", "test_cart.py"), "test_cart.py"),
        )
        (XDebuggerManager.getInstance(f.project) as ModelDebuggerManager).pyDropIntoDebuggerOnFailedTests = dropIntoDebugger
        return f
    }

    @Test
    fun a_pytest_launch_says_why_it_cannot_stop_at_the_failure_and_runs_through() = pytestFixture(dropIntoDebugger = false).use { f ->
        val session = f.await(f.facade.launch(f.path, "pytest in test_cart.py", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
        f.sink.awaitTerminated(session.id)
        val console = f.sink.text(session.id, OutputCategory.CONSOLE)
        assertTrue(console.startsWith("not_supported: the plugin cannot make a failing test stop this session") && console.contains("Drop into debugger on failed tests"), console)
        assertTrue(f.sink.text(session.id, OutputCategory.STDOUT).contains("FAILED test_cart.py::test_total - AssertionError: assert 165 == 160"))
        assertEquals(emptyList(), f.sink.pauses, "no stop")
        f.platform.assertClean()
    }

    @Test
    fun with_pycharms_own_setting_on_a_failing_pytest_stops_in_the_test_reported_as_the_failed_test() = pytestFixture(dropIntoDebugger = true).use { f ->
        val session = f.await(f.facade.launch(f.path, "pytest in test_cart.py", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
        val pause = f.sink.awaitPause(session.id)

        assertEquals(StopReason.TEST_FAILED, pause.reason)
        assertEquals(FailedTest("test_cart.py::test_total", "assert 165 == 160", 0), pause.failedTest)
        assertEquals("AssertionError", pause.exception?.type?.substringAfterLast('.'))
        val frame = f.await(f.facade.stack(session.id, pause.threadId!!, 5)).frames.first()
        assertEquals("test_total" to 4, frame.method to frame.line)
        val locals = f.await(f.facade.variables(session.id, frame.frameRef, VariableScope.LOCAL)).associate { it.name to it.value }
        assertEquals("165", locals["total"])

        f.await(f.facade.resume(session.id))
        f.sink.awaitTerminated(session.id)
        f.platform.assertClean()
    }

    @Test
    fun with_break_on_uncaught_false_pycharms_own_stop_stays_an_exception_stop() = pytestFixture(dropIntoDebugger = true).use { f ->
        val session = f.await(f.facade.launch(f.path, "pytest in test_cart.py", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = false)))
        val pause = f.sink.awaitPause(session.id)
        // The plugin cannot turn PyCharm's setting off for one launch: the stop is PyCharm's, told as it is.
        assertEquals(StopReason.EXCEPTION, pause.reason)
        assertEquals(null, pause.failedTest)
        assertEquals("", f.sink.text(session.id, OutputCategory.CONSOLE))
        f.await(f.facade.resume(session.id))
        f.sink.awaitTerminated(session.id)
        f.platform.assertClean()
    }
}
