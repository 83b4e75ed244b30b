// Stopping a run-mode session over the model: the platform's Stop is graceful first and
// forcible when pressed again while the process is terminating (KillableProcessHandler).
package dev.jetbrainsdebugger.platformmodel.execution

import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.OutputCategory
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class StopTest {
    @Test
    fun a_second_stop_kills_a_program_that_survives_the_first() = ExecutionFixture().use { f ->
        f.runManager.define(ConfigurationDefinition.python("Stubborn", f.script("stubborn.py", """
            import signal, time
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            print("ready", flush=True)
            time.sleep(120)
        """)))
        val session = f.await(f.facade.launch(f.path, "Stubborn", LaunchMode.RUN))
        eventually("processStarted published") { f.log.events.any { it.name == "started" } }
        val handler = f.log.events.first { it.name == "started" }.handler!!
        eventually("the program is ready") { "ready" in f.sink.text(session.id, OutputCategory.STDOUT) }

        f.await(f.facade.stop(session.id))
        assertTrue(handler.isProcessTerminating, "the first stop asked the process to end")
        f.await(f.facade.stop(session.id))

        assertEquals(137, f.sink.awaitExit(session.id)) // SIGKILL
        f.sink.awaitTerminated(session.id)
        f.platform.assertClean()
    }
}
