// JSON-RPC 2.0 as the bridge uses it (protocol/README.md): the message model, the error
// codes, and one symmetric peer over an abstract text transport. Either side sends
// requests (numeric ids, unique per sender), notifications and responses; the peer keeps
// the pending map with a timeout per request, answers incoming requests through a handler
// that returns a CompletableFuture, and maps failures to the spec's error codes. Knows
// nothing about WebSockets (BridgeConnection.kt) or the IDE (dispatch/Dispatcher.kt).
package dev.jetbrainsdebugger.bridge

import com.google.gson.JsonElement
import com.google.gson.JsonNull
import com.google.gson.JsonObject
import com.google.gson.JsonParseException
import com.google.gson.JsonPrimitive
import dev.jetbrainsdebugger.ide.IdeError
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutionException
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicLong

object RpcCodes {
    const val PARSE_ERROR = -32700
    const val INVALID_REQUEST = -32600
    const val METHOD_NOT_FOUND = -32601
    const val INVALID_PARAMS = -32602
    const val INTERNAL_ERROR = -32603
    /** A tool error: `data` is `{"error": "<stable code>", ...details}`. */
    const val TOOL_ERROR = -32000
    const val HANDSHAKE_REQUIRED = -32001
    const val VERSION_MISMATCH = -32002
}

data class RpcError(val code: Int, val message: String, val data: JsonElement? = null)

/** A failed request: the error the other side answered, or a local one with the same shape (timeout). */
class RpcException(val code: Int, message: String, val data: JsonElement? = null, cause: Throwable? = null) :
    RuntimeException(message, cause) {
    val error: RpcError get() = RpcError(code, message ?: "", data)

    /** The stable tool error code (`not_paused`, `timeout`...) of a -32000 error. */
    val toolErrorCode: String?
        get() = (data as? JsonObject)?.get("error")?.takeIf { code == RpcCodes.TOOL_ERROR && it.isJsonPrimitive }?.asString

    companion object {
        fun invalidParams(message: String) = RpcException(RpcCodes.INVALID_PARAMS, message)
        fun methodNotFound(method: String) = RpcException(RpcCodes.METHOD_NOT_FOUND, "method not found: $method")
        fun timeout(method: String, after: Duration) = RpcException(
            RpcCodes.TOOL_ERROR,
            "`$method` got no answer within ${after.toMillis()} ms",
            Json.obj("error" to "timeout"),
        )
    }
}

/** The bridge is not connected (or the connection closed while a request was waiting). */
class BridgeUnavailableException(message: String) : RuntimeException(message)

sealed class RpcMessage {
    data class Request(val id: Long, val method: String, val params: JsonElement?) : RpcMessage()
    data class Notification(val method: String, val params: JsonElement?) : RpcMessage()
    /** Exactly one of [result] and [error] is set; [id] is null only for answers to unreadable messages. */
    data class Response(val id: Long?, val result: JsonElement?, val error: RpcError?) : RpcMessage()

    fun toJson(): JsonObject = JsonObject().also { o ->
        o.addProperty("jsonrpc", "2.0")
        when (this) {
            is Request -> {
                o.addProperty("id", id)
                o.addProperty("method", method)
                if (params != null) o.add("params", params)
            }
            is Notification -> {
                o.addProperty("method", method)
                if (params != null) o.add("params", params)
            }
            is Response -> {
                o.add("id", if (id == null) JsonNull.INSTANCE else JsonPrimitive(id))
                if (error != null) {
                    o.add("error", JsonObject().also { e ->
                        e.addProperty("code", error.code)
                        e.addProperty("message", error.message)
                        if (error.data != null) e.add("data", error.data)
                    })
                } else {
                    o.add("result", result ?: JsonNull.INSTANCE)
                }
            }
        }
    }

    fun encode(): String = Json.write(toJson())

    /** A message that cannot be handled; [error] is what to answer, to [id] when it could be read. */
    class Malformed(val error: RpcError, val id: Long?) : Exception(error.message)

    companion object {
        fun parse(text: String): RpcMessage {
            val json = try {
                Json.parse(text)
            } catch (e: JsonParseException) {
                throw Malformed(RpcError(RpcCodes.PARSE_ERROR, "parse error: ${e.message}"), null)
            }
            if (!json.isJsonObject) throw invalid("a message must be a JSON object", null)
            val o = json.asJsonObject
            val rawId = o.get("id")
            val id = rawId?.takeIf { it.isJsonPrimitive && it.asJsonPrimitive.isNumber }?.asJsonPrimitive?.asBigDecimal
                ?.let { runCatching { it.longValueExact() }.getOrNull() }
            if (o.get("jsonrpc")?.takeIf { it.isJsonPrimitive }?.asString != "2.0") throw invalid("`jsonrpc` must be \"2.0\"", id)
            val method = o.get("method")
            if (method != null) {
                if (!method.isJsonPrimitive || !method.asJsonPrimitive.isString) throw invalid("`method` must be a string", id)
                val params = o.get("params")?.takeUnless { it.isJsonNull }
                if (params != null && !params.isJsonObject && !params.isJsonArray) throw invalid("`params` must be an object", id)
                return when {
                    rawId == null -> Notification(method.asString, params)
                    id == null -> throw invalid("`id` must be an integer", null)
                    else -> Request(id, method.asString, params)
                }
            }
            if (rawId == null || (id == null && !rawId.isJsonNull)) throw invalid("a response needs an integer `id`", null)
            val error = o.get("error")?.takeUnless { it.isJsonNull }
            if (error != null) {
                val e = try {
                    Fields.of(error).let { f -> RpcError(f.int("code"), f.string("message"), f.elementOrNull("data")) }
                } catch (x: WireFormatException) {
                    throw invalid("bad `error`: ${x.under("error").message}", id)
                }
                return Response(id, null, e)
            }
            if (!o.has("result")) throw invalid("a response needs `result` or `error`", id)
            return Response(id, o.get("result"), null)
        }

        private fun invalid(message: String, id: Long?) = Malformed(RpcError(RpcCodes.INVALID_REQUEST, "invalid request: $message"), id)

        /** The error answered for a failed request handler (see protocol/README.md, "Errors"). */
        fun errorFor(failure: Throwable): RpcError = when (val t = unwrap(failure)) {
            is RpcException -> t.error
            is IdeError -> RpcError(RpcCodes.TOOL_ERROR, t.message, JsonObject().also { d ->
                d.addProperty("error", t.code)
                for ((k, v) in t.details) if (k != "error") d.add(k, Json.tree(v))
            })
            else -> RpcError(RpcCodes.INTERNAL_ERROR, "internal error: ${t.javaClass.name}: ${t.message}")
        }

        fun unwrap(t: Throwable): Throwable {
            var x = t
            while ((x is CompletionException || x is ExecutionException) && x.cause != null) x = x.cause!!
            return x
        }
    }
}

/** One open text connection: one JSON-RPC message per text message. */
interface TextTransport {
    /** Begin delivering messages (and the close) to [listener]; called once, right after connecting. */
    fun start(listener: TransportListener)

    /** Queue one message; never blocks. Dropped silently once closed (pending requests fail on close). */
    fun send(text: String)

    /** Close the connection; the listener's [TransportListener.onClosed] follows (once). */
    fun close(reason: String)
}

interface TransportListener {
    /** Called for each complete message, one at a time, in order. */
    fun onMessage(text: String)
    fun onClosed(reason: String, error: Throwable?)
}

fun interface RequestHandler {
    /** Answer a request; the future's value is the `result`, its failure becomes the `error` (see [RpcMessage.errorFor]). */
    fun handle(method: String, params: JsonElement?): CompletableFuture<JsonElement>
}

fun interface NotificationHandler {
    fun handle(method: String, params: JsonElement?)
}

/**
 * One side of a JSON-RPC connection. Feed it every received message with [receive]; it
 * answers requests through [requests], hands notifications to [notifications], and
 * completes the futures of its own [request]s. [close] fails whatever is still pending.
 */
class JsonRpcPeer(
    private val transport: TextTransport,
    private val scheduler: ScheduledExecutorService,
    private val log: BridgeLog,
    private val requests: RequestHandler,
    private val notifications: NotificationHandler,
) {
    private class Pending(val method: String, val future: CompletableFuture<JsonElement>, @Volatile var timer: ScheduledFuture<*>?)

    private val nextId = AtomicLong(1)
    private val pending = ConcurrentHashMap<Long, Pending>()
    @Volatile private var closedBecause: String? = null

    /** Send a request; the future fails with [RpcException] (an error answer or the tool error `timeout`) or [BridgeUnavailableException]. */
    fun request(method: String, params: JsonElement, timeout: Duration): CompletableFuture<JsonElement> {
        val future = CompletableFuture<JsonElement>()
        closedBecause?.let { return future.also { f -> f.completeExceptionally(BridgeUnavailableException(it)) } }
        val id = nextId.getAndIncrement()
        val entry = Pending(method, future, null)
        pending[id] = entry
        entry.timer = scheduler.schedule({
            // A late answer finds no pending entry and is ignored.
            if (pending.remove(id) != null) future.completeExceptionally(RpcException.timeout(method, timeout))
        }, timeout.toMillis(), TimeUnit.MILLISECONDS)
        // close() may have run between the check above and the put: fail what it missed.
        closedBecause?.let { fail(id, it) }
        transport.send(RpcMessage.Request(id, method, params).encode())
        return future
    }

    fun notify(method: String, params: JsonElement) {
        if (closedBecause == null) transport.send(RpcMessage.Notification(method, params).encode())
    }

    /** Handle one received message. Never throws. */
    fun receive(text: String) {
        val message = try {
            RpcMessage.parse(text)
        } catch (m: RpcMessage.Malformed) {
            log.warn("bridge: unreadable message (${m.error.message}): ${text.take(200)}")
            respond(RpcMessage.Response(m.id, null, m.error))
            return
        }
        when (message) {
            is RpcMessage.Request -> answer(message)
            is RpcMessage.Notification -> try {
                notifications.handle(message.method, message.params)
            } catch (t: Throwable) {
                log.warn("bridge: handling notification ${message.method} failed", t)
            }
            is RpcMessage.Response -> {
                val entry = message.id?.let { pending.remove(it) }
                if (entry == null) {
                    if (message.id == null) log.warn("bridge: the other side could not read a message: ${message.error?.message}")
                    else log.info("bridge: ignoring a response to unknown or expired request ${message.id}")
                    return
                }
                entry.timer?.cancel(false)
                val error = message.error
                if (error != null) entry.future.completeExceptionally(RpcException(error.code, error.message, error.data))
                else entry.future.complete(message.result ?: JsonNull.INSTANCE)
            }
        }
    }

    private fun answer(request: RpcMessage.Request) {
        val future = try {
            requests.handle(request.method, request.params)
        } catch (t: Throwable) {
            CompletableFuture.failedFuture(t)
        }
        future.whenComplete { result, failure ->
            val response = if (failure == null) {
                RpcMessage.Response(request.id, result ?: JsonObject(), null)
            } else {
                val error = RpcMessage.errorFor(failure)
                if (error.code == RpcCodes.INTERNAL_ERROR) log.warn("bridge: ${request.method} failed", RpcMessage.unwrap(failure))
                RpcMessage.Response(request.id, null, error)
            }
            respond(response)
        }
    }

    private fun respond(response: RpcMessage.Response) {
        if (closedBecause == null) transport.send(response.encode())
    }

    /** Fail every pending request; later requests fail at once. Does not close the transport. */
    fun close(reason: String) {
        if (closedBecause != null) return
        closedBecause = reason
        for (id in pending.keys.toList()) fail(id, reason)
    }

    private fun fail(id: Long, reason: String) {
        val entry = pending.remove(id) ?: return
        entry.timer?.cancel(false)
        entry.future.completeExceptionally(BridgeUnavailableException("`${entry.method}` failed: $reason"))
    }
}
