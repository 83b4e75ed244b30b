// IntellijIdeFacade.launch/stop in debug mode over the execution and debugger models: the
// launch is answered with the debug session it started (paired with the debugger through the
// process handler, as on 2025.2), never another, also when two launches overlap.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.process.ProcessEvent
import com.intellij.execution.process.ProcessListener
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.util.Key
import com.intellij.xdebugger.XDebugProcess
import com.intellij.xdebugger.XDebugSessionListener
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerManagerListener
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession
import java.nio.file.Files
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertSame
import kotlin.test.assertTrue

class DebugLaunchTest {
    private fun executionId(sessionId: String): Long = sessionId.removePrefix("s").toLong()

    private fun ExecutionFixture.debugSession(name: String) =
        XDebuggerManager.getInstance(project).debugSessions.single { it.sessionName == name }

    @Test
    fun a_debug_launch_runs_the_program_and_reports_its_output_and_exit() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)

        val session = f.await(f.facade.launch(f.path, "App", LaunchMode.DEBUG))

        assertEquals(LaunchMode.DEBUG, session.mode)
        assertEquals("App", session.runConfiguration)
        assertEquals("python", session.language)
        assertEquals(0, f.sink.awaitExit(session.id))
        f.sink.awaitTerminated(session.id)
        assertEquals(listOf(session.id), f.sink.started.map { it.id })
        assertContains(f.sink.text(session.id, OutputCategory.STDOUT), "Total: 150.00")
        val id = executionId(session.id)
        eventually("processTerminated published") { f.log.of(id).lastOrNull() == "terminated(0)" }
        // The debugger notified the handler's start itself, so the platform skips processStarting(handler).
        assertEquals(listOf("startScheduled", "starting", "started"), f.log.of(id).take(3))
        f.platform.assertClean()
    }

    @Test
    fun overlapping_debug_launches_each_complete_with_the_session_they_started() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        f.runManager.define(ConfigurationDefinition.python("Ticker A", "ticker.py"))
        f.runManager.define(ConfigurationDefinition.python("Ticker B", "ticker.py"))

        val first = f.facade.launch(f.path, "Ticker A", LaunchMode.DEBUG)
        val second = f.facade.launch(f.path, "Ticker B", LaunchMode.DEBUG)
        val a = f.await(first)
        val b = f.await(second)

        assertEquals("Ticker A", a.runConfiguration)
        assertEquals("Ticker B", b.runConfiguration)
        assertNotEquals(a.id, b.id)
        for ((session, name) in listOf(a to "Ticker A", b to "Ticker B")) {
            val started = { f.log.events.firstOrNull { it.name == "started" && it.executionId == executionId(session.id) } }
            eventually("processStarted of $name") { started() != null }
            assertSame(f.debugSession(name).debugProcess.processHandler, started()!!.handler)
        }
        assertEquals(setOf(a.id, b.id), f.sink.started.map { it.id }.toSet())
        for (session in listOf(a, b)) {
            f.await(f.facade.stop(session.id))
            f.sink.awaitTerminated(session.id)
        }
        f.platform.assertClean()
    }

    @Test
    fun output_the_debuggee_prints_before_its_launch_is_reported_is_not_lost() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)
        val printed = CountDownLatch(1)
        // A busy EDT (any other IDE work) between the debugger's start and the launch's processStarted event.
        f.project.subscribe(XDebuggerManagerListener::class.java, object : XDebuggerManagerListener {
            override fun processStarted(debugProcess: XDebugProcess) {
                debugProcess.processHandler.addProcessListener(object : ProcessListener {
                    override fun onTextAvailable(event: ProcessEvent, outputType: Key<*>) = printed.countDown()
                })
                f.platform.app.invokeLater({ printed.await(250, TimeUnit.MILLISECONDS) }, ModalityState.any())
            }
        })

        val session = f.await(f.facade.launch(f.path, "App", LaunchMode.DEBUG))

        assertEquals(0, f.sink.awaitExit(session.id))
        assertContains(f.sink.text(session.id, OutputCategory.STDOUT), "Total: 150.00")
        f.platform.assertClean()
    }

    /**
     * The order a short program can produce upstream: the debuggee ends, and its session stops
     * (on the debugger's thread), just after the plugin registered its session listener and
     * before the launch was answered. The session did start: the launch is answered with it, and
     * its start, exit and end are reported in that order.
     */
    @Test
    fun a_program_that_ends_as_its_debugger_attaches_is_answered_as_started_then_ended() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)
        val stoppedWhileAttaching = CompletableFuture<Boolean>()
        f.project.subscribe(XDebuggerManagerListener::class.java, object : XDebuggerManagerListener {
            override fun processStarted(debugProcess: XDebugProcess) {
                val session = debugProcess.session as ModelDebugSession
                val attached = CountDownLatch(1)
                // Queued before the debuggee's start: it runs only once the plugin has attached.
                session.debuggerThread.execute { attached.await(10, TimeUnit.SECONDS) }
                session.afterNextListenerAdded = {
                    val stopDelivered = CountDownLatch(1)
                    session.addSessionListener(object : XDebugSessionListener {
                        override fun sessionStopped() = stopDelivered.countDown()
                    }, f.project)
                    attached.countDown()
                    stoppedWhileAttaching.complete(stopDelivered.await(10, TimeUnit.SECONDS))
                }
            }
        })

        val session = f.await(f.facade.launch(f.path, "App", LaunchMode.DEBUG))

        assertTrue(f.await(stoppedWhileAttaching), "the session stopped while the plugin was attaching to it")
        assertEquals("App", session.runConfiguration)
        assertEquals(0, f.sink.awaitExit(session.id))
        assertEquals(null, f.sink.awaitTerminated(session.id))
        assertEquals(listOf("started ${session.id}", "exited ${session.id} 0", "terminated ${session.id}"), f.sink.lifecycle)
        assertContains(f.sink.text(session.id, OutputCategory.STDOUT), "Total: 150.00")
        f.platform.assertClean()
    }

    /**
     * A short program's process can end before its launch's processStarted reaches the plugin (a
     * busy EDT): its exit is known before its session is announced, and is told after the start,
     * where the bridge can place it, not before.
     */
    @Test
    fun a_program_that_ends_before_its_launch_is_reported_has_its_exit_told_after_its_start() = ExecutionFixture(listOf(DebuggerArea())).use { f ->
        Files.copy(ExecutionFixture.calculatorScript(), f.dir.resolve("calculator.py"))
        ExecutionArea.calculatorWorld(f.project)
        val ended = CountDownLatch(1)
        f.project.subscribe(XDebuggerManagerListener::class.java, object : XDebuggerManagerListener {
            override fun processStarted(debugProcess: XDebugProcess) {
                debugProcess.processHandler.addProcessListener(object : ProcessListener {
                    override fun processTerminated(event: ProcessEvent) = ended.countDown()
                })
                f.platform.app.invokeLater({ ended.await(10, TimeUnit.SECONDS) }, ModalityState.any())
            }
        })

        val session = f.await(f.facade.launch(f.path, "App", LaunchMode.DEBUG))

        assertEquals(0L, ended.count, "the process ended before its launch was reported")
        assertEquals(0, f.sink.awaitExit(session.id))
        f.sink.awaitTerminated(session.id)
        assertEquals(listOf("started ${session.id}", "exited ${session.id} 0", "terminated ${session.id}"), f.sink.lifecycle)
        f.platform.assertClean()
    }
}
