// BridgeClient's connection life against the in-memory FakeServer: hello first, the pause
// re-announcement, events forwarded only while connected (held during the handshake),
// back-off on refused connections, reconnection after a drop with pending requests
// failed, a protocol mismatch ending the attempts, settings re-sent after reconnecting, and
// the tool window's requests (coding clients, install outcomes, history export).
package dev.jetbrainsdebugger.bridge

import com.google.gson.JsonObject
import dev.jetbrainsdebugger.FakeConnection
import dev.jetbrainsdebugger.FakeServer
import dev.jetbrainsdebugger.RecordingLog
import dev.jetbrainsdebugger.ScriptedIde
import dev.jetbrainsdebugger.await
import dev.jetbrainsdebugger.eventually
import dev.jetbrainsdebugger.wiredClient
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.StopReason
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.io.IOException
import java.time.Duration
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlin.test.fail

class BridgeClientTest {
    private val ide = ScriptedIde().apply {
        projectList = listOf(ProjectInfo("shop", "/home/ada/shop"))
        answer = { Unit }
    }
    private val server = FakeServer()
    private val timing = ClientTiming(
        initialBackoff = Duration.ofMillis(50),
        maxBackoff = Duration.ofMillis(200),
        helloTimeout = Duration.ofMillis(500),
        requestTimeout = Duration.ofSeconds(2),
    )
    private val log = RecordingLog()
    private val client = wiredClient(ide, "0.1.0", log, server, timing)
    private val states = CopyOnWriteArrayList<ClientState>().also { s -> client.addStateListener { s += it } }

    @AfterEach
    fun close() = client.close()

    private fun paused(session: String) = PauseInfo(session, "t1", StopReason.BREAKPOINT, listOf("b1"), null, null)

    @Test
    fun hello_first_then_the_current_pauses_then_live_events() {
        ide.pauses = listOf(paused("s1"), paused("s2"))
        ide.sink!!.resumed("s0") // not connected: dropped
        client.connectTo(40123, "tok")
        val conn = server.next()
        assertEquals(40123, conn.port)
        assertEquals("tok", conn.token)
        val hello = conn.nextSent()
        assertEquals("hello", hello.get("method").asString)
        assertEquals(1, hello.getAsJsonObject("params").get("protocol_version").asInt)
        assertEquals("/home/ada/shop", hello.getAsJsonObject("params").getAsJsonArray("projects")[0].asJsonObject.get("path").asString)
        ide.sink!!.resumed("s3") // during the handshake: held until hello succeeds
        conn.respond(hello, Json.obj("protocol_version" to 1, "server_version" to "0.1.0", "mcp_url" to "http://127.0.0.1:47823/mcp"))
        assertEquals(listOf("s1", "s2"), (1..2).map { conn.nextSent().getAsJsonObject("params").get("session").asString })
        assertEquals(Json.obj("jsonrpc" to "2.0", "method" to "session/resumed", "params" to Json.obj("session" to "s3")), conn.nextSent())
        ide.sink!!.output("s1", dev.jetbrainsdebugger.ide.OutputCategory.STDOUT, "hi\n")
        assertEquals("session/output", conn.nextSent().get("method").asString)
        conn.noMoreSent()
        eventually(what = "state listener") { states.lastOrNull() == ClientState.Connected("http://127.0.0.1:47823/mcp", "0.1.0") }
    }

    @Test
    fun serves_the_servers_requests_through_the_dispatcher() {
        client.connectTo(1, "t")
        val conn = server.next()
        conn.acceptHello()
        eventually { client.state() is ClientState.Connected }
        conn.deliver(Json.obj("jsonrpc" to "2.0", "id" to 5, "method" to "session/pause", "params" to Json.obj("session" to "s1")))
        assertEquals(Json.obj("jsonrpc" to "2.0", "id" to 5, "result" to JsonObject()), conn.nextSent())
        assertEquals("pause" to Json.obj("session" to "s1"), ide.calls.single())
    }

    @Test
    fun refused_connections_are_retried_with_doubling_back_off() {
        server.refuse = IOException("Connection refused")
        client.connectTo(1, "t")
        eventually(what = "5 attempts") { server.attempts.size >= 5 }
        val gaps = server.attempts.zipWithNext { a, b -> (b - a) / 1_000_000 }.take(4)
        // 50, 100, 200, 200 ms (capped); allow scheduling slack on a busy machine.
        val expected = listOf(50L, 100L, 200L, 200L)
        for ((gap, want) in gaps.zip(expected)) assertTrue(gap >= want - 5 && gap < want + 400, "gaps $gaps, expected about $expected")
        val state = assertIs<ClientState.Connecting>(client.state())
        assertTrue("Connection refused" in state.lastError!!, state.lastError)
        server.refuse = null
        server.next().acceptHello()
        eventually { client.state() is ClientState.Connected }
    }

    @Test
    fun a_dropped_connection_fails_pending_requests_and_reconnects_with_hello_again() {
        client.connectTo(1, "t")
        val first = server.next()
        first.acceptHello()
        eventually { client.state() is ClientState.Connected }
        val pending = client.historyList()
        assertEquals("history/list", first.nextSent().get("method").asString)
        first.end("closed by the server (1001 going away)")
        try {
            pending.await()
            fail("expected failure")
        } catch (e: ExecutionException) {
            assertIs<BridgeUnavailableException>(e.cause)
        }
        ide.sink!!.resumed("lost") // while disconnected: dropped
        val second = server.next()
        second.acceptHello()
        eventually { client.state() is ClientState.Connected }
        second.noMoreSent()
        assertTrue(states.any { it is ClientState.Connecting && it.lastError?.contains("1001 going away") == true }, states.toString())
    }

    @Test
    fun drop_connection_on_purpose_reconnects() {
        client.connectTo(1, "t")
        server.next().acceptHello()
        eventually { client.state() is ClientState.Connected }
        client.dropConnection()
        val again = server.next()
        again.acceptHello()
        eventually { client.state() is ClientState.Connected }
    }

    @Test
    fun a_hello_without_answer_times_out_and_is_retried() {
        client.connectTo(1, "t")
        val silent = server.next()
        assertEquals("hello", silent.nextSent().get("method").asString)
        val next = server.next(3000) // after the 500 ms hello timeout and the back-off
        assertTrue(silent.closed)
        next.acceptHello()
        eventually { client.state() is ClientState.Connected }
    }

    @Test
    fun a_protocol_version_mismatch_stops_the_attempts() {
        client.connectTo(1, "t")
        val conn = server.next()
        val hello = conn.nextSent()
        conn.respondError(hello, RpcCodes.VERSION_MISMATCH, "bridge protocol 1 is not supported by this binary (supports 2)", Json.obj("supported" to listOf(2)))
        eventually { client.state() is ClientState.Failed }
        assertTrue("supports 2" in (client.state() as ClientState.Failed).reason)
        assertTrue(conn.closed)
        Thread.sleep(300)
        assertEquals(1, server.attempts.size, "no retry after a mismatch")
        // A new target (a restarted binary) tries again.
        client.connectTo(2, "u")
        server.next().acceptHello()
        eventually { client.state() is ClientState.Connected }
    }

    @Test
    fun history_requests_fail_clearly_while_disconnected() {
        try {
            client.historyList().await()
            fail("expected failure")
        } catch (e: ExecutionException) {
            assertIs<BridgeUnavailableException>(e.cause)
        }
    }

    @Test
    fun settings_are_remembered_and_sent_after_every_handshake() {
        val remembered = ServerSettings(250, braveMode = true, hideSecrets = false, secretNames = listOf("ssn"))
        client.updateSettings(remembered).await() // not connected: remembered
        client.connectTo(1, "t")
        val conn = server.next()
        conn.acceptHello()
        val settings = conn.nextSent()
        val expected = com.google.gson.JsonParser.parseString(
            """{"max_history_size":250,"brave_mode":true,"hide_secrets":false,"secret_names":["ssn"],"never_secret_names":[]}""",
        )
        assertEquals(expected, settings.getAsJsonObject("params"))
        assertEquals("settings/update", settings.get("method").asString)
        conn.respond(settings, JsonObject())
        client.dropConnection()
        val again = server.next()
        again.acceptHello()
        assertEquals(expected, again.nextSent().getAsJsonObject("params"))
    }

    private fun connected(): FakeConnection {
        client.connectTo(1, "t")
        val conn = server.next()
        conn.acceptHello()
        eventually { client.state() is ClientState.Connected }
        return conn
    }

    @Test
    fun the_client_catalogue_is_decoded_strictly() {
        val conn = connected()
        val listed = client.clientsList()
        val request = conn.nextSent()
        assertEquals("clients/list", request.get("method").asString)
        val config = Json.obj("format" to "json", "text" to "{}", "location" to "~/.cursor/mcp.json", "hint" to null)
        conn.respond(request, Json.obj("clients" to listOf(
            Json.obj("id" to "cursor", "name" to "Cursor", "install_command" to null, "config" to config),
        )))
        assertEquals(
            listOf(CodingClient("cursor", "Cursor", null, ClientConfig("json", "{}", "~/.cursor/mcp.json", null))),
            listed.await(),
        )
        val broken = client.clientsList()
        conn.respond(conn.nextSent(), Json.obj("clients" to listOf(Json.obj("id" to "cursor"))))
        val failure = try {
            broken.await()
            fail("a client without a name must not decode")
        } catch (e: ExecutionException) {
            assertIs<WireFormatException>(e.cause)
        }
        assertEquals("`clients[0].name` is missing", failure.message)
    }

    @Test
    fun install_outcomes_and_refusals_come_back_as_they_are() {
        val conn = connected()
        val installed = client.installClient("claude-code")
        val request = conn.nextSent()
        assertEquals(Json.obj("client" to "claude-code"), request.getAsJsonObject("params"))
        val outcome = InstallOutcome("claude-code", false, "claude mcp add ...", "claude was not found", "")
        conn.respond(request, Json.tree(outcome))
        assertEquals(outcome, installed.await())

        val refused = client.installClient("cursor")
        conn.respondError(conn.nextSent(), RpcCodes.TOOL_ERROR, "Cursor has no command-line installer", Json.obj("error" to "not_supported"))
        val error = try {
            refused.await()
            fail("expected not_supported")
        } catch (e: ExecutionException) {
            assertIs<RpcException>(e.cause)
        }
        assertEquals(RpcCodes.TOOL_ERROR, error.code)
        assertEquals("Cursor has no command-line installer", error.message)
    }

    @Test
    fun an_install_may_take_longer_than_other_requests() {
        val conn = connected() // requestTimeout is 2 s here; installs get installTimeout (90 s)
        val installed = client.installClient("codex")
        val request = conn.nextSent()
        Thread.sleep(2500)
        val outcome = InstallOutcome("codex", true, "codex mcp add", "configured", "")
        conn.respond(request, Json.tree(outcome))
        assertEquals(outcome, installed.await())
    }

    @Test
    fun history_exports_carry_the_file_content() {
        val conn = connected()
        val exported = client.exportHistory("csv")
        val request = conn.nextSent()
        assertEquals(Json.obj("format" to "csv"), request.getAsJsonObject("params"))
        conn.respond(request, Json.obj("content" to "timestamp,tool\r\n"))
        assertEquals("timestamp,tool\r\n", exported.await())
    }

    @Test
    fun a_new_target_replaces_the_old_connection() {
        client.connectTo(1, "a")
        val old = server.next()
        old.acceptHello()
        eventually { client.state() is ClientState.Connected }
        client.connectTo(2, "b")
        val fresh = server.next()
        assertTrue(old.closed)
        assertEquals(2, fresh.port)
        fresh.acceptHello()
        eventually { client.state() is ClientState.Connected }
        client.disconnect()
        assertTrue(fresh.closed)
        eventually { client.state() == ClientState.Idle }
        Thread.sleep(200)
        assertTrue(server.connections.isEmpty(), "no reconnection after disconnect()")
    }
}
