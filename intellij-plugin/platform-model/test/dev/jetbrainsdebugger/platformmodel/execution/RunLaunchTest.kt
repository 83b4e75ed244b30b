// IntellijIdeFacade.launch/stop in run mode over the model: real python3 processes, the
// platform's ExecutionListener events, and the plugin's session bookkeeping.
package dev.jetbrainsdebugger.platformmodel.execution

import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.OutputCategory
import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue

class RunLaunchTest {
    private fun executionId(sessionId: String): Long = sessionId.removePrefix("s").toLong()

    @Test
    fun run_mode_reports_the_programs_output_and_its_real_exit_code_events_in_the_platforms_order() = ExecutionFixture().use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)

        val session = f.await(f.facade.launch(f.path, "App", LaunchMode.RUN))

        assertEquals("App", session.runConfiguration)
        assertEquals(LaunchMode.RUN, session.mode)
        assertEquals("python", session.language)
        assertEquals(0, f.sink.awaitExit(session.id))
        assertContains(f.sink.text(session.id, OutputCategory.STDOUT), "Total: 150.00")
        val id = executionId(session.id)
        eventually("processTerminated published") { f.log.of(id).lastOrNull() == "terminated(0)" }
        val events = f.log.of(id)
        assertEquals(listOf("startScheduled", "starting", "starting(handler)", "started"), events.take(4))
        assertEquals(listOf("terminated(0)"), events.drop(4).filter { it != "terminating" })
        f.sink.awaitTerminated(session.id)
        assertTrue(f.executionManager.dialogs.isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun the_npm_build_configuration_runs_in_run_mode() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)

        val session = f.await(f.facade.launch(f.path, "npm build", LaunchMode.RUN))

        assertEquals("javascript", session.language)
        assertEquals(0, f.sink.awaitExit(session.id))
        assertContains(f.sink.text(session.id, OutputCategory.STDOUT), "build: dist/calculator.js written")
        f.platform.assertClean()
    }

    @Test
    fun a_non_zero_exit_and_stderr_are_reported_as_they_are() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Fails", f.script("fails.py", """
            import sys
            sys.stderr.write("no such order\n")
            sys.exit(3)
        """)))

        val session = f.await(f.facade.launch(f.path, "Fails", LaunchMode.RUN))

        assertEquals(3, f.sink.awaitExit(session.id))
        assertContains(f.sink.text(session.id, OutputCategory.STDERR), "no such order")
        f.platform.assertClean()
    }

    @Test
    fun a_configuration_with_a_warning_still_launches_and_no_dialog_opens() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Warned", f.script("ok.py", "print('fine')"),
            ConfigurationProblem("Python interpreter is not the project default", fatal = false)))

        val session = f.await(f.facade.launch(f.path, "Warned", LaunchMode.RUN))

        assertEquals(0, f.sink.awaitExit(session.id))
        assertTrue(f.executionManager.dialogs.isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun a_single_instance_configuration_that_runs_is_refused_and_runs_again_once_stopped() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Server", f.script("server.py", """
            import time
            print("serving", flush=True)
            time.sleep(120)
        """)))
        val first = f.await(f.facade.launch(f.path, "Server", LaunchMode.RUN))

        val refused = f.failure(f.facade.launch(f.path, "Server", LaunchMode.RUN))

        assertEquals("cannot_run", refused.code)
        assertContains(refused.message, "already running as session ${first.id}")
        assertEquals(first.id, refused.details["session"])
        f.await(f.facade.stop(first.id))
        assertNotEquals(0, f.sink.awaitExit(first.id))
        f.sink.awaitTerminated(first.id)
        val second = f.await(f.facade.launch(f.path, "Server", LaunchMode.RUN))
        assertNotEquals(first.id, second.id)
        f.await(f.facade.stop(second.id))
        f.sink.awaitTerminated(second.id)
        assertTrue(f.executionManager.dialogs.isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun a_failed_before_launch_task_is_reported_as_not_started() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Built", f.script("ok.py", "print('fine')"))
            .copy(beforeLaunch = BeforeLaunchTask(fails = true)))

        val error = f.failure(f.facade.launch(f.path, "Built", LaunchMode.RUN))

        assertEquals("cannot_run", error.code)
        assertContains(error.message, "run configuration 'Built' was not started")
        // The callback (which answered the launch) is told before the listeners are.
        eventually("processNotStarted published") { f.log.events.any { it.configuration == "Built" && it.name == "notStarted" } }
        assertEquals(listOf("startScheduled", "notStarted"), f.log.events.filter { it.configuration == "Built" }.map { it.name })
        assertTrue(f.sink.started.isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun a_program_that_cannot_start_is_reported_with_the_ides_error() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition("Missing", ConfigurationTypeDefinition.PYTHON, listOf("no-such-interpreter-for-the-model", "x.py")))

        val error = f.failure(f.facade.launch(f.path, "Missing", LaunchMode.RUN))

        assertEquals("cannot_run", error.code)
        assertContains(error.message, "run configuration 'Missing' was not started: Cannot run program \"no-such-interpreter-for-the-model\"")
        eventually("processNotStarted published") { f.log.events.any { it.configuration == "Missing" && it.name == "notStarted" } }
        assertEquals(listOf("startScheduled", "starting", "notStarted"), f.log.events.filter { it.configuration == "Missing" }.map { it.name })
        eventually("the error shown to the user") { f.executionManager.errorsShown.isNotEmpty() }
        assertContains(f.executionManager.errorsShown.single(), "Missing: Cannot run program")
        f.platform.assertClean()
    }

    @Test
    fun debugging_a_configuration_no_debug_runner_accepts_is_cannot_debug() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)

        val error = f.failure(f.facade.launch(f.path, "npm build", LaunchMode.DEBUG))

        assertEquals("cannot_debug", error.code)
        assertEquals("the IDE has no runner that can debug run configuration 'npm build' (npm)", error.message)
        assertTrue(f.log.events.isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun overlapping_launches_each_complete_with_the_session_they_started() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("First", f.script("first.py", "print('first')")))
        f.runManager.define(ConfigurationDefinition.python("Second", f.script("second.py", "print('second')")))

        val first = f.facade.launch(f.path, "First", LaunchMode.RUN)
        val second = f.facade.launch(f.path, "Second", LaunchMode.RUN)
        val a = f.await(first)
        val b = f.await(second)

        assertEquals("First", a.runConfiguration)
        assertEquals("Second", b.runConfiguration)
        assertNotEquals(a.id, b.id)
        for ((session, name) in listOf(a to "First", b to "Second")) {
            assertEquals(setOf(name), f.log.events.filter { it.executionId == executionId(session.id) }.map { it.configuration }.toSet())
            assertEquals(0, f.sink.awaitExit(session.id))
            assertContains(f.sink.text(session.id, OutputCategory.STDOUT), name.lowercase())
        }
        f.platform.assertClean()
    }

    @Test
    fun a_launch_of_a_configuration_still_being_started_is_refused_while_the_first_one_completes() = ExecutionFixture().use { f ->
        // A before-launch task (a build) keeps the first launch "starting" for a while.
        val settings = f.runManager.define(
            ConfigurationDefinition.python("Twice", f.script("ok.py", "print('fine')"), allowRunningInParallel = true)
                .copy(beforeLaunch = BeforeLaunchTask(durationMs = 3_000)),
        )
        val first = f.facade.launch(f.path, "Twice", LaunchMode.RUN)
        eventually("the first launch is starting") { f.executionManager.isStarting(settings.uniqueID, "Run", "defaultRunRunner") }

        val refused = f.failure(f.facade.launch(f.path, "Twice", LaunchMode.RUN))

        assertEquals("cannot_run", refused.code)
        assertContains(refused.message, "already being started")
        val session = f.await(first)
        assertEquals("Twice", session.runConfiguration)
        assertEquals(0, f.sink.awaitExit(session.id))
        f.platform.assertClean()
    }
}
