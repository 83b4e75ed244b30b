// JsonRpcPeer on its own: request/response matching, per-request timeouts (and ignoring
// the late answer), the error codes of the spec for every kind of failure, unreadable and
// invalid messages, notifications, and failing what is pending on close.
package dev.jetbrainsdebugger.bridge

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.FakeConnection
import dev.jetbrainsdebugger.RecordingLog
import dev.jetbrainsdebugger.await
import dev.jetbrainsdebugger.ide.IdeError
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import java.util.concurrent.Executors
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlin.test.fail

class JsonRpcTest {
    private val scheduler = Executors.newSingleThreadScheduledExecutor()
    private val transport = FakeConnection(0, "")
    private val log = RecordingLog()
    private val notifications = CopyOnWriteArrayList<Pair<String, JsonElement?>>()
    private var handler = RequestHandler { method, _ -> throw RpcException.methodNotFound(method) }
    private val peer = JsonRpcPeer(transport, scheduler, log, { m, p -> handler.handle(m, p) }, { m, p -> notifications += m to p })

    @AfterEach
    fun stop() {
        scheduler.shutdownNow()
    }

    private fun failure(f: CompletableFuture<*>): Throwable = try {
        f.await()
        fail("expected a failure")
    } catch (e: ExecutionException) {
        e.cause!!
    }

    private fun receive(vararg pairs: Pair<String, Any?>) = peer.receive(Json.write(Json.obj(*pairs)))

    @Test
    fun requests_get_increasing_ids_and_their_own_answers() {
        val a = peer.request("history/list", JsonObject(), Duration.ofSeconds(5))
        val b = peer.request("history/clear", JsonObject(), Duration.ofSeconds(5))
        val sentA = transport.nextSent()
        val sentB = transport.nextSent()
        assertEquals(Json.obj("jsonrpc" to "2.0", "id" to 1, "method" to "history/list", "params" to JsonObject()), sentA)
        assertEquals(2, sentB.get("id").asInt)
        receive("jsonrpc" to "2.0", "id" to 2, "result" to Json.obj("b" to true))
        receive("jsonrpc" to "2.0", "id" to 1, "result" to Json.obj("a" to true))
        assertEquals(Json.obj("a" to true), a.await())
        assertEquals(Json.obj("b" to true), b.await())
    }

    @Test
    fun an_error_answer_fails_the_request_with_its_code_and_data() {
        val f = peer.request("settings/update", JsonObject(), Duration.ofSeconds(5))
        val id = transport.nextSent().get("id")
        receive(
            "jsonrpc" to "2.0", "id" to id,
            "error" to Json.obj("code" to -32000, "message" to "nope", "data" to Json.obj("error" to "not_paused")),
        )
        val x = assertIs<RpcException>(failure(f))
        assertEquals(RpcCodes.TOOL_ERROR, x.code)
        assertEquals("nope", x.message)
        assertEquals("not_paused", x.toolErrorCode)
    }

    @Test
    fun a_request_times_out_with_the_tool_error_timeout_and_the_late_answer_is_ignored() {
        val f = peer.request("history/list", JsonObject(), Duration.ofMillis(50))
        val id = transport.nextSent().get("id")
        val x = assertIs<RpcException>(failure(f))
        assertEquals("timeout", x.toolErrorCode)
        assertTrue("history/list" in x.message!!)
        receive("jsonrpc" to "2.0", "id" to id, "result" to JsonObject())
        assertTrue(log.contains("unknown or expired request"))
        transport.noMoreSent()
    }

    @Test
    fun unknown_methods_are_answered_with_method_not_found() {
        receive("jsonrpc" to "2.0", "id" to 7, "method" to "nope/nothing", "params" to JsonObject())
        val r = transport.nextSent()
        assertEquals(7, r.get("id").asInt)
        assertEquals(RpcCodes.METHOD_NOT_FOUND, r.getAsJsonObject("error").get("code").asInt)
        assertTrue("nope/nothing" in r.getAsJsonObject("error").get("message").asString)
    }

    @Test
    fun an_ide_error_becomes_a_tool_error_with_its_code_and_details() {
        handler = RequestHandler { _, _ ->
            CompletableFuture.failedFuture(IdeError("configuration_not_found", "no run configuration named 'X'", mapOf("available" to listOf("A", "B"))))
        }
        receive("jsonrpc" to "2.0", "id" to 3, "method" to "session/launch", "params" to JsonObject())
        val expected = Json.obj(
            "jsonrpc" to "2.0", "id" to 3,
            "error" to Json.obj(
                "code" to -32000, "message" to "no run configuration named 'X'",
                "data" to Json.obj("error" to "configuration_not_found", "available" to listOf("A", "B")),
            ),
        )
        assertEquals(expected, transport.nextSent())
    }

    @Test
    fun other_failures_are_internal_errors_whether_thrown_or_failed_later() {
        handler = RequestHandler { _, _ -> throw IllegalStateException("boom") }
        receive("jsonrpc" to "2.0", "id" to 4, "method" to "x", "params" to JsonObject())
        val a = transport.nextSent().getAsJsonObject("error")
        assertEquals(RpcCodes.INTERNAL_ERROR, a.get("code").asInt)
        assertTrue("boom" in a.get("message").asString)

        handler = RequestHandler { _, _ -> CompletableFuture.supplyAsync { throw IllegalArgumentException("later") } }
        receive("jsonrpc" to "2.0", "id" to 5, "method" to "x", "params" to JsonObject())
        val b = transport.nextSent().getAsJsonObject("error")
        assertEquals(RpcCodes.INTERNAL_ERROR, b.get("code").asInt)
        assertTrue("IllegalArgumentException: later" in b.get("message").asString, b.toString())
        assertFalse(b.has("data"))
    }

    @Test
    fun rpc_exceptions_keep_their_code() {
        handler = RequestHandler { _, _ -> throw RpcException.invalidParams("invalid params: `session` is missing") }
        receive("jsonrpc" to "2.0", "id" to 6, "method" to "session/stop", "params" to JsonObject())
        assertEquals(
            Json.obj("jsonrpc" to "2.0", "id" to 6, "error" to Json.obj("code" to -32602, "message" to "invalid params: `session` is missing")),
            transport.nextSent(),
        )
    }

    @Test
    fun a_successful_handler_is_answered_with_its_result() {
        handler = RequestHandler { _, p -> CompletableFuture.completedFuture(Json.obj("echo" to p)) }
        receive("jsonrpc" to "2.0", "id" to 8, "method" to "x", "params" to Json.obj("a" to 1))
        assertEquals(Json.obj("jsonrpc" to "2.0", "id" to 8, "result" to Json.obj("echo" to Json.obj("a" to 1))), transport.nextSent())
    }

    @Test
    fun unreadable_and_invalid_messages_are_answered_with_parse_error_and_invalid_request() {
        peer.receive("{not json")
        val parse = transport.nextSent()
        assertTrue(parse.get("id").isJsonNull)
        assertEquals(RpcCodes.PARSE_ERROR, parse.getAsJsonObject("error").get("code").asInt)

        receive("id" to 9, "method" to "x") // no jsonrpc member
        val noVersion = transport.nextSent()
        assertEquals(9, noVersion.get("id").asInt)
        assertEquals(RpcCodes.INVALID_REQUEST, noVersion.getAsJsonObject("error").get("code").asInt)

        receive("jsonrpc" to "2.0", "id" to "abc", "method" to "x")
        assertEquals(RpcCodes.INVALID_REQUEST, transport.nextSent().getAsJsonObject("error").get("code").asInt)

        peer.receive("[1,2]")
        assertEquals(RpcCodes.INVALID_REQUEST, transport.nextSent().getAsJsonObject("error").get("code").asInt)
    }

    @Test
    fun notifications_go_to_the_handler_and_are_never_answered() {
        receive("jsonrpc" to "2.0", "method" to "history/changed", "params" to Json.obj("kind" to "cleared"))
        assertEquals(listOf("history/changed" to (Json.obj("kind" to "cleared") as JsonElement?)), notifications.toList())
        transport.noMoreSent()
    }

    @Test
    fun notify_sends_a_notification_without_id() {
        peer.notify("session/resumed", Json.obj("session" to "s1"))
        assertEquals(Json.obj("jsonrpc" to "2.0", "method" to "session/resumed", "params" to Json.obj("session" to "s1")), transport.nextSent())
    }

    @Test
    fun close_fails_pending_requests_and_later_ones() {
        val f = peer.request("history/list", JsonObject(), Duration.ofSeconds(5))
        peer.close("the bridge connection closed")
        assertIs<BridgeUnavailableException>(failure(f))
        assertIs<BridgeUnavailableException>(failure(peer.request("history/list", JsonObject(), Duration.ofSeconds(5))))
    }
}
