// A configuration that does not validate: the plugin answers with the IDE's message and the
// platform's modal "Edit configuration" dialog never opens.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ProgramRunnerUtil
import com.intellij.execution.executors.DefaultRunExecutor
import com.intellij.execution.runners.ExecutionEnvironmentBuilder
import com.intellij.execution.runners.ProgramRunner
import com.intellij.execution.ui.RunContentDescriptor
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.platformmodel.core.ThreadingViolationException
import dev.jetbrainsdebugger.platformmodel.core.ViolationKind
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNull
import kotlin.test.assertTrue

class ValidationTest {
    @Test
    fun an_invalid_configuration_is_refused_with_the_ides_message_and_no_dialog_in_both_modes() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)

        val debug = f.failure(f.facade.launch(f.path, "Broken", LaunchMode.DEBUG))
        val run = f.failure(f.facade.launch(f.path, "Broken", LaunchMode.RUN))

        assertEquals("cannot_debug", debug.code)
        assertEquals("Run configuration 'Broken' is not valid: Please select a valid Python interpreter", debug.message)
        assertEquals("cannot_run", run.code)
        assertTrue(f.executionManager.dialogs.isEmpty())
        assertTrue(f.log.events.isEmpty(), "the launch never reached the execution manager: ${f.log.events}")
        f.platform.assertClean()
    }

    @Test
    fun while_the_project_indexes_a_configuration_cannot_be_checked_and_nothing_starts() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)
        f.project.indexing.begin()

        val refused = f.failure(f.facade.launch(f.path, "App", LaunchMode.DEBUG))

        assertEquals("cannot_debug", refused.code)
        assertEquals("Run configuration 'App' cannot be checked while the IDE is indexing; try again when indexing has finished", refused.message)
        assertTrue(f.log.events.isEmpty(), "the launch never reached the execution manager: ${f.log.events}")
        f.project.indexing.end()
        f.platform.assertClean()
    }

    @Test
    fun the_platform_itself_would_open_edit_configuration_for_it_what_the_plugin_avoids() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)
        val broken = f.runManager.allSettings.single { it.name == "Broken" }
        val notStarted = CompletableFuture<Throwable?>()

        f.platform.app.onEdtAndWait {
            val env = ExecutionEnvironmentBuilder.create(DefaultRunExecutor.getRunExecutorInstance(), broken).build()
            ProgramRunnerUtil.executeConfigurationAsync(env, false, true, object : ProgramRunner.Callback {
                override fun processStarted(descriptor: RunContentDescriptor?) {
                    notStarted.completeExceptionally(AssertionError("an invalid configuration started"))
                }

                override fun processNotStarted(error: Throwable?) {
                    notStarted.complete(error)
                }
            })
        }

        assertNull(notStarted.get(20, TimeUnit.SECONDS))
        assertEquals(listOf("Edit configuration: Broken"), f.executionManager.dialogs)
        // The one violation is that dialog: what the other tests' assertClean() would report.
        assertEquals(listOf(ViolationKind.UNEXPECTED_DIALOG), f.platform.violations().map { it.kind })
    }

    @Test
    fun a_launch_off_the_edt_is_a_threading_violation() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("App", f.script("ok.py", "print('fine')")))
        val env = ExecutionEnvironmentBuilder.create(DefaultRunExecutor.getRunExecutorInstance(), f.runManager.allSettings.single()).build()

        assertFailsWith<ThreadingViolationException> { ProgramRunnerUtil.executeConfigurationAsync(env, false, true, null) }

        assertEquals(listOf(ViolationKind.NOT_ON_EDT), f.platform.violations().map { it.kind })
        assertTrue(f.log.events.isEmpty())
    }
}
