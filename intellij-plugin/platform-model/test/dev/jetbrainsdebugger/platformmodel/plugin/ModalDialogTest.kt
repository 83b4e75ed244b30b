// What the agent gets while a modal dialog is open in the IDE: the plugin's model work (posted
// non-modal, Async.onEdt) waits for the dialog; a call still waiting when its deadline passes
// answers `timeout` saying a dialog holds the IDE back, and never happens afterwards; a launch
// the IDE starts after the agent was told `timeout` is stopped at once. Deadlines here are short
// (a Deadline of a few hundred milliseconds) so that the tests do not wait out the real ones.
package dev.jetbrainsdebugger.platformmodel.plugin

import com.intellij.openapi.application.ModalityState
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.intellij.Breakpoints
import dev.jetbrainsdebugger.intellij.Deadline
import dev.jetbrainsdebugger.intellij.RunConfigs
import dev.jetbrainsdebugger.platformmodel.core.ModalEntry
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerFixture
import dev.jetbrainsdebugger.platformmodel.debugger.done
import dev.jetbrainsdebugger.platformmodel.execution.BeforeLaunchTask
import dev.jetbrainsdebugger.platformmodel.execution.ConfigurationDefinition
import dev.jetbrainsdebugger.platformmodel.execution.ExecutionFixture
import dev.jetbrainsdebugger.platformmodel.execution.eventually
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertTrue

class ModalDialogTest {
    @TempDir lateinit var dir: Path

    /** A modal dialog the user opened (Settings): entered from a write-safe context, pumping on the EDT until closed. */
    private fun ModelPlatform.openSettings(): ModalEntry {
        val opened = CompletableFuture<ModalEntry>()
        app.invokeLater({ app.openModal("Settings").also(opened::complete).pump() }, ModalityState.nonModal())
        return opened.get(20, TimeUnit.SECONDS)
    }

    private fun failure(future: CompletableFuture<*>): IdeError =
        assertIs<IdeError>(assertFailsWith<ExecutionException> { future.get(20, TimeUnit.SECONDS) }.cause)

    private fun spec(file: String, line: Int) = BreakpointSpec(BreakpointKind.Line(file, line), true, null, null, SuspendPolicy.ALL, false)

    @Test
    fun `a breakpoint asked for while a dialog is open is added once it closes`() = DebuggerFixture(dir).use { f ->
        val settings = f.platform.openSettings()

        val added = f.facade.addBreakpoint(f.path, spec(f.file("calculator.py"), 31))
        f.platform.app.flushEdt()
        assertFalse(added.isDone, "model work waits for the dialog")
        assertTrue(f.breakpointManager.allBreakpoints.none { it.type.id == "python-line" })

        settings.close()
        assertEquals(31, (added.done().breakpoint.spec.kind as BreakpointKind.Line).line)
        f.platform.assertClean()
    }

    @Test
    fun `a call a dialog holds back past its deadline says so and is never done`() = DebuggerFixture(dir).use { f ->
        val settings = f.platform.openSettings()
        val deadline = Deadline(300, "adding a breakpoint")

        val error = failure(deadline.bound(Breakpoints.add(f.project, spec(f.file("calculator.py"), 31), deadline)))

        assertEquals("timeout", error.code)
        assertEquals(
            "adding a breakpoint did not start within 0.3 s: a modal dialog is open in the IDE, and the IDE runs no changes " +
                "until it is closed; close it and try again (nothing was done)",
            error.message,
        )
        settings.close()
        f.platform.app.flushEdt()
        assertTrue(f.breakpointManager.allBreakpoints.none { it.type.id == "python-line" }, "the breakpoint never came")
        f.platform.assertClean()
    }

    @Test
    fun `a step the user's resume overtook answers not_paused`() = DebuggerFixture(dir).use { f ->
        f.lineBreakpoint("ticker.py", 5)
        val (session, id) = f.launch("ticker.py") // once resumed, it runs for half a minute
        f.events.next<PauseInfo> { it.session == id }
        val settings = f.platform.openSettings()

        // The plugin checks the session is paused, then its step waits for the dialog; meanwhile the user resumes.
        val step = f.facade.step(id, "t1", StepKind.OVER, false)
        f.platform.app.onEdtAndWait { session.resume() }
        settings.close()

        val error = failure(step)
        assertEquals("not_paused", error.code)
        f.platform.assertClean()
    }

    @Test
    fun `a launch a dialog holds back past its deadline never starts`() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Quick", f.script("quick.py", "print('ran')")))
        val settings = f.platform.openSettings()
        val deadline = Deadline(500, "launching 'Quick'")

        val error = failure(deadline.bound(RunConfigs(f.facade.sessions).launch(f.project, "Quick", LaunchMode.RUN, deadline)))

        assertEquals("timeout", error.code)
        assertContains(error.message, "a modal dialog is open in the IDE")
        settings.close()
        f.platform.app.flushEdt()
        assertTrue(f.log.events.isEmpty(), "nothing was handed to the IDE: ${f.log.events}")
        assertTrue(f.sink.started.isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun `a launch the IDE starts after its deadline is stopped at once and ends saying why`() = ExecutionFixture().use { f ->
        // A before-launch task (a build) that succeeds after the agent was told the launch timed out.
        f.runManager.define(
            ConfigurationDefinition.python("Slow", f.script("slow.py", "import time\nprint('started', flush=True)\ntime.sleep(60)"))
                .copy(beforeLaunch = BeforeLaunchTask(durationMs = 1_500)),
        )
        val deadline = Deadline(300, "launching 'Slow'")

        val error = failure(deadline.bound(RunConfigs(f.facade.sessions).launch(f.project, "Slow", LaunchMode.RUN, deadline)))
        assertEquals("timeout", error.code)
        assertEquals("launching 'Slow' did not finish within 0.3 s", error.message)

        eventually("the IDE started Slow after all") { f.sink.started.any { it.name == "Slow" } }
        val started = f.sink.started.first { it.name == "Slow" }
        val why = f.sink.awaitTerminated(started.id)
        assertEquals("the IDE started this launch after the call had timed out; it was stopped at once", why)
        // The process can end (and the session be reported over) before the EDT publishes processStarted.
        eventually("the IDE published Slow's start and end") { f.log.events.count { it.configuration == "Slow" } >= 5 }
        val events = f.log.events.filter { it.configuration == "Slow" }.map { it.name }
        assertEquals(listOf("startScheduled", "starting", "starting(handler)", "started", "terminating"), events.take(5), events.toString())
        f.platform.assertClean()
    }
}
