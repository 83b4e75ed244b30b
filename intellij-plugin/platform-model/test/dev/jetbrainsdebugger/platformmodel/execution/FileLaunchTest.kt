// IntellijIdeFacade.launchFile over the modelled PyCharm: the file's configuration is made as the
// editor gutter's "Debug" makes it (ConfigurationContext over the PSI file, the producers, added
// to the RunManager as a temporary configuration) and launched through the same path as a named
// configuration, so the session, its output and its end are reported as for any debug launch.
package dev.jetbrainsdebugger.platformmodel.execution

import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class FileLaunchTest {
    private fun ExecutionFixture.debugToTheEnd(file: String) = await(facade.launchFile(path, "$path/$file")).also { session ->
        assertEquals(LaunchMode.DEBUG, session.mode)
        assertEquals("python", session.language)
        assertEquals(0, sink.awaitExit(session.id))
        assertContains(sink.text(session.id, OutputCategory.STDOUT), "Total: 150.00")
        sink.awaitTerminated(session.id)
    }

    @Test
    fun a_python_file_is_debugged_with_a_new_temporary_configuration_that_a_second_launch_reuses() =
        ExecutionFixture(listOf(DebuggerArea())).use { f ->
            Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))

            val first = f.debugToTheEnd("calculator.py")

            assertEquals("calculator", first.runConfiguration)
            val made = f.runManager.allSettings.single()
            assertEquals("calculator" to "PythonConfigurationType", made.name to made.type.id)
            assertTrue(made.isTemporary)
            val second = f.debugToTheEnd("calculator.py")
            assertEquals("calculator", second.runConfiguration)
            assertEquals(listOf(made), f.runManager.allSettings, "the configuration made from the file is found again")
            assertEquals(listOf(first.id, second.id), f.sink.started.map { it.id })
            f.platform.assertClean()
        }

    @Test
    fun a_configuration_the_project_has_for_the_file_is_used_as_the_gutter_uses_it() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)
        val before = f.runManager.allSettings.map { it.name }

        val session = f.debugToTheEnd("calculator.py")

        assertEquals("App", session.runConfiguration)
        assertEquals(before, f.runManager.allSettings.map { it.name })
        assertTrue(f.runManager.allSettings.none { it.isTemporary })
        f.platform.assertClean()
    }

    @Test
    fun a_file_launch_leaves_the_users_selected_configuration_alone() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        val users = f.runManager.define(ConfigurationDefinition.python("Server", f.script("server.py", "print('serving')")))
        f.platform.app.onEdtAndWait { f.runManager.selectedConfiguration = users }

        f.debugToTheEnd("calculator.py")

        assertTrue(f.runManager.allSettings.single { it.name == "calculator" }.isTemporary)
        assertEquals(users, f.runManager.selectedConfiguration, "setTemporaryConfiguration would have selected the file's")
        f.platform.assertClean()
    }

    /** The model does not run pytest (no scripted program simulates a test run): the launch gets as far as the debug runner. */
    @Test
    fun a_test_file_gets_a_temporary_test_runner_configuration() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("test_calculator.py"))

        val notRun = f.failure(f.facade.launchFile(f.path, "${f.path}/test_calculator.py"))

        assertEquals("cannot_debug", notRun.code)
        assertContains(notRun.message, "run configuration 'pytest in test_calculator.py' was not started: no scripted program simulates")
        val made = f.runManager.allSettings.single()
        assertEquals("pytest in test_calculator.py" to "tests", made.name to made.type.id)
        assertTrue(made.isTemporary)
        f.platform.assertClean()
    }

    @Test
    fun while_the_project_indexes_a_file_launch_is_refused_and_changes_nothing_then_works() =
        ExecutionFixture(listOf(DebuggerArea())).use { f ->
            Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
            f.project.indexing.begin()

            val refused = f.failure(f.facade.launchFile(f.path, "${f.path}/calculator.py"))

            assertEquals("cannot_debug", refused.code)
            assertContains(refused.message, "cannot be made while the IDE is indexing; try again when indexing has finished")
            assertTrue(f.runManager.allSettings.isEmpty(), "no configuration made")
            assertTrue(f.sink.started.isEmpty(), "nothing started")
            f.project.indexing.end()
            assertEquals("calculator", f.debugToTheEnd("calculator.py").runConfiguration)
            f.platform.assertClean()
        }

    @Test
    fun a_file_no_producer_takes_is_cannot_debug_and_a_missing_one_file_not_found() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        f.script("README.md", "# Calculator")

        val readme = f.failure(f.facade.launchFile(f.path, "${f.path}/README.md"))
        assertEquals("cannot_debug", readme.code)
        assertEquals("no run configuration type of this IDE can debug ${f.path}/README.md", readme.message)
        assertEquals("file_not_found", f.failure(f.facade.launchFile(f.path, "${f.path}/gone.py")).code)
        assertEquals("cannot_debug", f.failure(f.facade.launchFile(f.path, f.path)).code, "a directory")
        assertTrue(f.runManager.allSettings.isEmpty())
        assertTrue(f.sink.started.isEmpty())
        f.platform.assertClean()
    }
}
