// Where the plugin depends on how 2025.2 starts and ends a launch, the model does what
// ExecutionManagerImpl, ProcessHandler, RunManagerImpl and ConfigurationContext do; each test
// here fails on the model as it was before it followed them (a launch started synchronously, no
// processWillTerminate on a natural exit, a destroy acting before the start was notified, no
// selection or trimming of temporary configurations, producers asked while indexing).
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionManager
import com.intellij.execution.PsiLocation
import com.intellij.execution.ProgramRunnerUtil
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.actions.ConfigurationContext
import com.intellij.execution.executors.DefaultRunExecutor
import com.intellij.execution.process.ProcessEvent
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.process.ProcessListener
import com.intellij.execution.runners.ExecutionEnvironmentBuilder
import com.intellij.openapi.application.ReadAction
import com.intellij.psi.PsiManager
import dev.jetbrainsdebugger.ide.LaunchMode
import java.io.OutputStream
import java.nio.file.Files
import java.util.concurrent.Callable
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

class UpstreamLaunchBehaviourTest {
    private fun ExecutionFixture.runOnEdt(settings: RunnerAndConfigurationSettings): Long = platform.app.onEdtAndWait {
        val env = ExecutionEnvironmentBuilder.create(DefaultRunExecutor.getRunExecutorInstance(), settings).build()
        ProgramRunnerUtil.executeConfigurationAsync(env, false, true, null)
        env.executionId
    }

    @Test
    fun a_launch_starts_one_EDT_event_after_it_was_scheduled() = ExecutionFixture().use { f ->
        val quick = f.runManager.define(ConfigurationDefinition.python("Quick", f.script("quick.py", "print('ran')")))
        // No validation in dumb mode: the runner is asked at once, on this EDT event.
        f.project.indexing.begin()
        val seenInTheSameEvent = f.platform.app.onEdtAndWait {
            val env = ExecutionEnvironmentBuilder.create(DefaultRunExecutor.getRunExecutorInstance(), quick).build()
            ProgramRunnerUtil.executeConfigurationAsync(env, false, true, null)
            f.log.events.map { it.name }
        }
        f.project.indexing.end()

        assertEquals(listOf("startScheduled"), seenInTheSameEvent, "compileAndRun's invokeLater(startRunnable)")
        eventually("the launch started") { f.log.events.any { it.name == "started" } }
        f.platform.assertClean()
    }

    @Test
    fun in_dumb_mode_the_IDE_launches_without_validating() = ExecutionFixture().use { f ->
        val broken = f.runManager.define(
            ConfigurationDefinition.python("Unchecked", f.script("ok.py", "print('fine')"), ConfigurationProblem("no interpreter", fatal = true)),
        )
        f.project.indexing.begin()

        val id = f.runOnEdt(broken)

        f.project.indexing.end()
        eventually("the launch ended") { f.log.of(id).lastOrNull()?.startsWith("terminated") == true }
        assertTrue(f.executionManager.dialogs.isEmpty(), "no Edit configuration dialog: ${f.executionManager.dialogs}")
        f.platform.assertClean()
    }

    @Test
    fun a_program_that_ends_by_itself_is_terminating_before_it_is_terminated() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Quick", f.script("quick.py", "print('ran')")))

        val session = f.await(f.facade.launch(f.path, "Quick", LaunchMode.RUN))

        val id = session.id.removePrefix("s").toLong()
        eventually("processTerminated published") { f.log.of(id).lastOrNull() == "terminated(0)" }
        assertEquals(listOf("startScheduled", "starting", "starting(handler)", "started", "terminating", "terminated(0)"), f.log.of(id))
        f.platform.assertClean()
    }

    /** A handler whose destroyProcessImpl is recorded: upstream ProcessHandler.destroyProcess waits for startNotify. */
    private class RecordingHandler : ProcessHandler() {
        val calls = CopyOnWriteArrayList<String>()
        override fun destroyProcessImpl() { calls += "destroyProcessImpl" }
        override fun detachProcessImpl() { calls += "detachProcessImpl" }
        override fun detachIsDefault() = false
        override fun getProcessInput(): OutputStream? = null
    }

    @Test
    fun destroying_a_process_before_its_start_is_notified_waits_for_it() {
        val handler = RecordingHandler()
        handler.addProcessListener(object : ProcessListener {
            override fun processWillTerminate(event: ProcessEvent, willBeDestroyed: Boolean) { handler.calls += "processWillTerminate" }
        })

        handler.destroyProcess()
        assertEquals(emptyList(), handler.calls)
        assertFalse(handler.isProcessTerminating)

        handler.startNotify()
        assertEquals(listOf("processWillTerminate", "destroyProcessImpl"), handler.calls)
        assertTrue(handler.isProcessTerminating)
    }

    @Test
    fun a_temporary_configuration_is_selected_and_the_oldest_temporaries_past_the_limit_go() = ExecutionFixture().use { f ->
        val made = (1..ModelRunManager.RECENTS_LIMIT + 1).map { i ->
            f.runManager.create(ConfigurationDefinition.python("file$i", f.script("file$i.py", "print($i)")))
        }

        f.platform.app.onEdtAndWait { made.forEach(f.runManager::setTemporaryConfiguration) }

        assertEquals(made.drop(1).map { it.name }, f.runManager.allSettings.map { it.name }, "the oldest temporary went")
        assertTrue(f.runManager.allSettings.all { it.isTemporary })
        assertSame(made.last(), f.runManager.selectedConfiguration)
        f.platform.assertClean()
    }

    @Test
    fun while_indexing_a_file_context_asks_only_dumb_aware_producers_and_makes_nothing() = ExecutionFixture().use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)
        val file = f.platform.vfs.file(f.dir.resolve("calculator.py"))
        f.project.indexing.begin()

        val (existing, made) = ReadAction.nonBlocking(Callable {
            val context = ConfigurationContext.createEmptyContextForLocation(PsiLocation(PsiManager.getInstance(f.project).findFile(file)!!))
            context.findExisting() to context.configuration
        }).executeSynchronously()

        assertNull(existing, "PyCharm's producers are not dumb-aware: none is asked")
        assertNull(made)
        f.project.indexing.end()
        f.platform.assertClean()
    }
}
