// BridgeRuntime's wiring, with the fake binary of BinarySupervisorTest and the in-memory
// bridge server: the ready line's port and the start's token reach the client, the status
// goes starting → connected → restarting (binary killed) → connected (new port, new
// token), events reach the server, and close() ends the binary through stdin EOF.
package dev.jetbrainsdebugger.launcher

import dev.jetbrainsdebugger.FakeServer
import dev.jetbrainsdebugger.RecordingLog
import dev.jetbrainsdebugger.ScriptedIde
import dev.jetbrainsdebugger.bridge.ClientTiming
import dev.jetbrainsdebugger.eventually
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue

class BridgeRuntimeTest {
    @Test
    fun wires_binary_starts_to_bridge_connections_and_reports_status(@TempDir dir: Path) {
        val ide = ScriptedIde()
        val server = FakeServer()
        val log = RecordingLog()
        val timing = RuntimeTiming(
            supervisor = SupervisorTiming(initialBackoff = Duration.ofMillis(100), closeGrace = Duration.ofSeconds(3)),
            client = ClientTiming(initialBackoff = Duration.ofMillis(50)),
        )
        val runtime = BridgeRuntime(ide, BinarySupervisorTest.fakeBinary(dir, "serve"), "0.1.0", log, LaunchOptions(47998), server, timing)
        val statuses = CopyOnWriteArrayList<RuntimeStatus>()
        runtime.addStatusListener { statuses += it }
        assertEquals(RuntimeStatus.Starting, runtime.status())
        try {
            runtime.start()
            val first = server.next()
            assertEquals(40001, first.port)
            eventually(what = "the token line") { log.contains("token: ${first.token}") }
            first.acceptHello("http://127.0.0.1:47998/mcp")
            eventually(what = "connected") { runtime.status() == RuntimeStatus.Connected("http://127.0.0.1:47998/mcp") }
            ide.sink!!.resumed("s1")
            assertEquals("session/resumed", first.nextSent().get("method").asString)

            // Kill the binary: the runtime restarts it and connects to the new one.
            val pid = log.lines.firstNotNullOf { Regex("pid: (\\d+)").find(it)?.groupValues?.get(1)?.toLong() }
            ProcessHandle.of(pid).get().destroyForcibly()
            eventually(what = "restarting") { runtime.status() is RuntimeStatus.Restarting }
            val reason = assertIs<RuntimeStatus.Restarting>(runtime.status()).reason
            assertTrue("exited with code" in reason && "restarting in" in reason, reason)
            val second = server.next()
            assertEquals(40002, second.port)
            assertNotEquals(first.token, second.token)
            assertTrue(first.closed)
            second.acceptHello()
            eventually(what = "connected again") { runtime.status() is RuntimeStatus.Connected }
            eventually(what = "listener catches up") { statuses.lastOrNull() is RuntimeStatus.Connected }
            assertTrue(statuses.any { it is RuntimeStatus.Restarting }, statuses.toString())

            // A dropped bridge (binary alive) reconnects to the same port.
            runtime.dropBridgeConnection()
            val third = server.next()
            assertEquals(40002, third.port)
            third.acceptHello()
            eventually(what = "reconnected") { runtime.status() is RuntimeStatus.Connected }
        } finally {
            runtime.close()
        }
        eventually(what = "the binary to see stdin EOF") { log.contains("stdin closed") }
    }

    @Test
    fun restart_brings_a_new_binary_with_the_new_port_and_origins_and_keeps_the_client(@TempDir dir: Path) {
        val server = FakeServer()
        val log = RecordingLog()
        val timing = RuntimeTiming(
            supervisor = SupervisorTiming(initialBackoff = Duration.ofMillis(100), closeGrace = Duration.ofSeconds(3)),
            client = ClientTiming(initialBackoff = Duration.ofMillis(50)),
        )
        val runtime = BridgeRuntime(ScriptedIde(), BinarySupervisorTest.fakeBinary(dir, "serve"), "0.1.0", log, LaunchOptions(47996), server, timing)
        val statuses = CopyOnWriteArrayList<RuntimeStatus>()
        runtime.addStatusListener { statuses += it }
        val history = runtime.history
        try {
            runtime.start()
            server.next().acceptHello("http://127.0.0.1:47996/mcp")
            eventually(what = "connected") { runtime.status() == RuntimeStatus.Connected("http://127.0.0.1:47996/mcp") }

            val next = LaunchOptions(47995, listOf("http://localhost:5173"))
            runtime.restart(next)
            assertEquals(next, runtime.launchOptions)
            assertEquals(47995, runtime.mcpPort)
            // The old binary was stopped politely, and only the new one's connection follows.
            assertTrue(log.contains("stdin closed"), log.lines.toString())
            val second = server.next()
            // The binary's stderr is read on its own thread: its lines may come after its connection.
            eventually(what = "the new binary's argv") { log.lines.any { "argv: serve --ide-managed --bridge-port 0 --port 47995" in it } }
            eventually(what = "the new origins") { log.contains("mcp: origins: http://localhost:5173") }
            assertTrue(log.contains("mcp: origins: (unset)"), "the first binary had none: ${log.lines}")
            second.acceptHello("http://127.0.0.1:47995/mcp")
            eventually(what = "connected on the new port") { runtime.status() == RuntimeStatus.Connected("http://127.0.0.1:47995/mcp") }
            eventually(what = "listener catches up") { statuses.lastOrNull() == RuntimeStatus.Connected("http://127.0.0.1:47995/mcp") }
            assertTrue(RuntimeStatus.Starting in statuses, statuses.toString())
            // Nothing of the stopped binary is reported as a crash.
            assertTrue(statuses.none { it is RuntimeStatus.Restarting }, statuses.toString())
            assertTrue(runtime.history === history)
        } finally {
            runtime.close()
        }
    }

    @Test
    fun a_binary_the_locator_cannot_find_is_a_failed_status_naming_it() {
        val runtime = BridgeRuntime(
            ScriptedIde(),
            { throw BinaryNotFoundException("no jetbrains-debugger-mcp binary is bundled for the OS 'Plan 9'") },
            "0.1.0", RecordingLog(), LaunchOptions(47994), FakeServer(),
        )
        try {
            runtime.start()
            eventually(what = "failed") { runtime.status() is RuntimeStatus.Failed }
            assertTrue("Plan 9" in (runtime.status() as RuntimeStatus.Failed).reason)
        } finally {
            runtime.close()
        }
    }

    @Test
    fun a_missing_binary_is_a_failed_status(@TempDir dir: Path) {
        val runtime = BridgeRuntime(ScriptedIde(), dir.resolve("nope"), "0.1.0", RecordingLog(), LaunchOptions(47997), FakeServer())
        try {
            runtime.start()
            eventually(what = "failed") { runtime.status() is RuntimeStatus.Failed }
            assertTrue(dir.resolve("nope").toString() in (runtime.status() as RuntimeStatus.Failed).reason)
        } finally {
            runtime.close()
        }
    }
}
