// The Kotlin half of "neither side can drift silently" (protocol/README.md): every example
// in protocol/messages/ is pushed through the IDE's real code path and what comes out must
// equal the example as JSON.
//   server → IDE requests: the request goes into JsonRpcPeer + Dispatcher over a fake
//     transport; the ScriptedIde answers with the example's result (decoded into the model)
//     or throws its IdeError; the response sent must equal the example response, and the
//     facade must have been called with exactly the request's params.
//   IDE → server notifications: the IdeEventSink call made from the example's params, on
//     a connected BridgeClient, must send exactly the example notification.
//   IDE → server requests (hello, history/*, settings/update, clients/*): BridgeClient must
//     send the example request (ids aside, except hello's) and make sense of the example
//     response (re-encoded, it must equal the example's result).
//   server → IDE notifications (history/changed): decoded by BridgeClient and re-encoded.
// A message file no case here knows fails the test, so a new method cannot go untested.
package dev.jetbrainsdebugger

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.bridge.BridgeClient
import dev.jetbrainsdebugger.bridge.ClientState
import dev.jetbrainsdebugger.bridge.ClientTiming
import dev.jetbrainsdebugger.bridge.Fields
import dev.jetbrainsdebugger.bridge.HistoryChange
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.JsonRpcPeer
import dev.jetbrainsdebugger.bridge.NotificationHandler
import dev.jetbrainsdebugger.bridge.RpcCodes
import dev.jetbrainsdebugger.bridge.RpcException
import dev.jetbrainsdebugger.bridge.ServerSettings
import dev.jetbrainsdebugger.dispatch.Dispatcher
import dev.jetbrainsdebugger.ide.AddedBreakpoint
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.IdeInfo
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StackPage
import dev.jetbrainsdebugger.ide.ThreadInfo
import dev.jetbrainsdebugger.ide.ValueInfo
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import java.io.File
import java.util.concurrent.ExecutionException
import java.util.concurrent.Executors
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlin.test.fail

class ProtocolExamplesTest {
    private val dir: File = File(
        System.getProperty("protocol.dir") ?: fail("set -Dprotocol.dir to protocol/messages (scripts/kotlin does)"),
    )

    private class Example(val file: String, val method: String, val direction: String, val kind: String, val body: JsonObject) {
        val name: String get() = body.get("name").asString
    }

    private fun files(): List<File> =
        (dir.listFiles { f -> f.name.endsWith(".json") } ?: fail("no protocol dir at $dir")).sortedBy { it.name }

    private fun examples(): List<Example> = files().flatMap { f ->
        val doc = Json.parse(f.readText()).asJsonObject
        val method = doc.get("method").asString
        assertEquals(method.replace('/', '.') + ".json", f.name, "file name of $method")
        doc.getAsJsonArray("examples").map {
            Example(f.name, method, doc.get("direction").asString, doc.get("kind").asString, it.asJsonObject)
        }
    }

    /** What each method's examples go through; the direction and kind must match the file's. */
    private val cases: Map<String, Triple<String, String, (Example) -> Unit>> = buildMap {
        for (m in listOf(
            "run_configurations/list", "session/launch", "session/stop", "session/resume", "session/pause",
            "session/step", "session/run_to_line", "session/threads", "session/stack", "frame/select",
            "frame/variables", "value/children", "value/set", "frame/evaluate", "breakpoints/list",
            "breakpoints/add", "breakpoints/remove", "breakpoints/watch", "ui/confirm",
        )) put(m, Triple("server_to_ide", "request", ::serverRequest))
        for (m in listOf(
            "session/started", "session/process_started", "session/paused", "session/resumed", "session/output",
            "session/exited", "session/terminated", "breakpoint/changed", "breakpoint/removed", "project/opened",
            "project/closed",
        )) put(m, Triple("ide_to_server", "notification", ::ideNotification))
        put("hello", Triple("ide_to_server", "request", ::hello))
        for (m in listOf("history/list", "history/clear", "history/export", "settings/update", "clients/list", "clients/install")) {
            put(m, Triple("ide_to_server", "request", ::ideRequest))
        }
        put("history/changed", Triple("server_to_ide", "notification", ::historyChanged))
    }

    @TestFactory
    fun examples_round_trip(): List<DynamicTest> = examples().map { ex ->
        DynamicTest.dynamicTest("${ex.file}: ${ex.name}") {
            val (direction, kind, run) = cases[ex.method]
                ?: fail("${ex.file}: no test case knows `${ex.method}`; add it to ProtocolExamplesTest (and the IDE side)")
            assertEquals(direction, ex.direction, "${ex.file}: direction")
            assertEquals(kind, ex.kind, "${ex.file}: kind")
            run(ex)
        }
    }

    @Test
    fun every_message_file_has_examples_and_the_dispatcher_answers_exactly_the_server_requests() {
        val all = examples()
        assertTrue(files().isNotEmpty())
        for (f in files()) assertTrue(all.any { it.file == f.name }, "${f.name} has no examples")
        val serverRequests = all.filter { it.direction == "server_to_ide" && it.kind == "request" }.map { it.method }.toSet()
        assertEquals(serverRequests, Dispatcher(ScriptedIde()).methodNames)
    }

    // ---- server → IDE requests -------------------------------------------------------------

    private fun serverRequest(ex: Example) {
        val request = ex.body.getAsJsonObject("request")
        val expected = ex.body.getAsJsonObject("response")
        val ide = ScriptedIde()
        ide.answer = answerFor(ex.method, expected)
        val transport = FakeConnection(0, "")
        val scheduler = Executors.newSingleThreadScheduledExecutor()
        try {
            val peer = JsonRpcPeer(transport, scheduler, RecordingLog(), Dispatcher(ide), NotificationHandler { _, _ -> })
            peer.receive(Json.write(request))
            assertEquals(expected, transport.nextSent(), "response to ${ex.name}")
        } finally {
            scheduler.shutdownNow()
        }
        val (_, args) = ide.calls.single()
        assertEquals(request.getAsJsonObject("params"), args, "the facade got the request's params")
    }

    /** The example's result as the model value the facade returns, or its error as an IdeError. */
    private fun answerFor(method: String, response: JsonObject): () -> Any? {
        response.getAsJsonObject("error")?.let { e ->
            assertEquals(RpcCodes.TOOL_ERROR, e.get("code").asInt, "server→IDE examples only show tool errors")
            val data = e.getAsJsonObject("data")
            val details = data.entrySet().filter { it.key != "error" }.associate { it.key to it.value as Any? }
            val error = IdeError(data.get("error").asString, e.get("message").asString, details)
            return { error }
        }
        val r = response.getAsJsonObject("result")
        val value: Any = when (method) {
            "run_configurations/list" -> Json.decodeList(r.get("configurations"), RunConfigurationInfo::class.java)
            "session/launch" -> Json.decode(r, SessionInfo::class.java)
            "session/stop", "session/resume", "session/pause", "session/step", "session/run_to_line", "frame/select" -> {
                assertEquals(JsonObject(), r)
                Unit
            }
            "session/threads" -> Json.decodeList(r.get("threads"), ThreadInfo::class.java)
            "session/stack" -> Json.decode(r, StackPage::class.java)
            "frame/variables" -> Json.decodeList(r.get("variables"), ValueInfo::class.java)
            "value/children" -> Json.decodeList(r.get("children"), ValueInfo::class.java)
            "value/set", "frame/evaluate" -> Json.decode(r, ValueInfo::class.java)
            "breakpoints/list" -> Json.decodeList(r.get("breakpoints"), BreakpointInfo::class.java)
            "breakpoints/add" -> AddedBreakpoint(Json.decode(r, BreakpointInfo::class.java), r.get("created").asBoolean)
            "breakpoints/watch" -> Json.decode(r, BreakpointInfo::class.java)
            "breakpoints/remove" -> r.get("removed").asBoolean
            "ui/confirm" -> ConfirmDecision.values().single {
                it.approved == r.get("approved").asBoolean && (!it.approved || it.scope == r.get("scope").asString)
            }
            else -> fail("no result decoder for $method")
        }
        return { value }
    }

    // ---- IDE → server ------------------------------------------------------------------------

    /** A BridgeClient connected (hello done) to an in-memory server. */
    private class Connected(val ide: ScriptedIde = ScriptedIde()) : AutoCloseable {
        val server = FakeServer()
        val client = wiredClient(ide, "0.1.0", RecordingLog(), server, ClientTiming(helloTimeout = java.time.Duration.ofSeconds(5)))
        val conn: FakeConnection

        init {
            client.connectTo(40123, "t")
            conn = server.next()
            conn.acceptHello()
            eventually(what = "connected") { client.state() is ClientState.Connected }
        }

        override fun close() = client.close()
    }

    private fun ideNotification(ex: Example) {
        val expected = ex.body.getAsJsonObject("notification")
        val p = Fields.of(expected.get("params"))
        Connected().use { c ->
            val sink = c.ide.sink!!
            when (ex.method) {
                "session/started" -> sink.sessionStarted(Json.decode(p.json, SessionInfo::class.java))
                "session/process_started" -> sink.processStarted(p.string("session"), p.long("process_id"))
                "session/paused" -> sink.paused(Json.decode(p.json, PauseInfo::class.java))
                "session/resumed" -> sink.resumed(p.string("session"))
                "session/output" -> sink.output(p.string("session"), p.decode<OutputCategory>("category"), p.string("text"))
                "session/exited" -> sink.exited(p.string("session"), p.int("exit_code"))
                "session/terminated" -> sink.terminated(p.string("session"), p.stringOrNull("error"))
                "breakpoint/changed" -> sink.breakpointChanged(p.string("project"), p.decode<BreakpointInfo>("breakpoint"))
                "breakpoint/removed" -> sink.breakpointRemoved(p.string("project"), p.string("id"))
                "project/opened" -> sink.projectOpened(p.decode<ProjectInfo>("project"))
                "project/closed" -> sink.projectClosed(p.decode<ProjectInfo>("project"))
                else -> fail("no sink call for ${ex.method}")
            }
            assertEquals(expected, c.conn.nextSent())
        }
    }

    private fun hello(ex: Example) {
        val request = ex.body.getAsJsonObject("request")
        val response = ex.body.getAsJsonObject("response")
        val p = Fields.of(request.get("params"))
        val ide = ScriptedIde().apply {
            info = p.decode<IdeInfo>("ide")
            projectList = p.list("projects")
            sessionList = p.list("sessions")
        }
        val server = FakeServer()
        val client = BridgeClient(ide, Dispatcher(ide), p.string("plugin_version"), RecordingLog(), server)
        try {
            client.connectTo(40123, "t")
            val conn = server.next()
            val sent = conn.nextSent()
            val expectedHello = if (p.int("protocol_version") == BridgeClient.PROTOCOL_VERSION) request else {
                // This plugin only ever speaks version 1 (and its hello is always its first
                // request, id 1); what it must handle here is the refusal.
                withId(request, sent.get("id")).also {
                    it.getAsJsonObject("params").addProperty("protocol_version", BridgeClient.PROTOCOL_VERSION)
                }
            }
            assertEquals(expectedHello, sent, "hello as BridgeClient sends it")
            conn.deliver(withId(response, sent.get("id")))
            if (response.has("result")) {
                eventually(what = "connected") { client.state() is ClientState.Connected }
                val state = assertIs<ClientState.Connected>(client.state())
                assertEquals(response.getAsJsonObject("result").get("mcp_url").asString, state.mcpUrl)
                assertEquals(response.getAsJsonObject("result").get("server_version").asString, state.serverVersion)
            } else {
                eventually(what = "failed") { client.state() is ClientState.Failed }
                assertTrue(conn.closed, "the connection is closed after a version mismatch")
            }
        } finally {
            client.close()
        }
    }

    private fun ideRequest(ex: Example) {
        val request = ex.body.getAsJsonObject("request")
        val response = ex.body.getAsJsonObject("response")
        Connected().use { c ->
            val params = request.getAsJsonObject("params")
            val future = when (ex.method) {
                "history/list" -> c.client.historyList().thenApply { Json.obj("entries" to it.entries, "capacity" to it.capacity) }
                "history/clear" -> c.client.clearHistory().thenApply { JsonObject() as JsonElement }
                "history/export" -> c.client.exportHistory(params.get("format").asString).thenApply { Json.obj("content" to it) }
                "settings/update" -> {
                    val settings = ServerSettings(
                        params.get("max_history_size").asInt, params.get("brave_mode").asBoolean,
                        params.get("hide_secrets").asBoolean,
                        params.getAsJsonArray("secret_names").map { it.asString },
                        params.getAsJsonArray("never_secret_names").map { it.asString },
                    )
                    c.client.updateSettings(settings).thenApply { JsonObject() as JsonElement }
                }
                "clients/list" -> c.client.clientsList().thenApply { Json.obj("clients" to it) }
                "clients/install" -> c.client.installClient(params.get("client").asString, params.get("skill")?.asBoolean ?: false)
                    .thenApply { Json.tree(it) }
                else -> fail("no client call for ${ex.method}")
            }
            val sent = c.conn.nextSent()
            assertEquals(withId(request, sent.get("id")), sent)
            c.conn.deliver(withId(response, sent.get("id")))
            if (response.has("result")) {
                assertEquals(response.get("result"), future.await())
            } else {
                val error = response.getAsJsonObject("error")
                val x = try {
                    future.await()
                    fail("expected the request to fail")
                } catch (e: ExecutionException) {
                    assertIs<RpcException>(e.cause)
                }
                assertEquals(error.get("code").asInt, x.code)
                assertEquals(error.get("message").asString, x.message)
            }
        }
    }

    private fun historyChanged(ex: Example) {
        val notification = ex.body.getAsJsonObject("notification")
        Connected().use { c ->
            val seen = java.util.concurrent.LinkedBlockingQueue<HistoryChange>()
            c.client.addHistoryListener { seen.add(it) }
            c.conn.deliver(notification)
            val change = seen.poll(5, java.util.concurrent.TimeUnit.SECONDS) ?: fail("no history change")
            assertEquals(notification.get("params"), Json.tree(change))
        }
    }

    private fun withId(message: JsonObject, id: JsonElement): JsonObject = message.deepCopy().also { it.add("id", id) }
}
