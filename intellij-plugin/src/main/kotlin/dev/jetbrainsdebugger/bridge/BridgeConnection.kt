// The bridge's transport: a java.net.http.WebSocket client to
// ws://127.0.0.1:<port>/bridge carrying `Authorization: Bearer <token>` (protocol/README.md,
// "Transport"). It turns the JDK's callback API into a [TextTransport]: it reassembles
// messages the JDK delivers in parts, serialises sends (the JDK allows one outstanding
// send at a time), and reports the end of the connection exactly once, whoever ends it.
// Pings are answered by the JDK itself.
package dev.jetbrainsdebugger.bridge

import java.net.URI
import java.net.http.HttpClient
import java.net.http.WebSocket
import java.nio.ByteBuffer
import java.nio.charset.StandardCharsets
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionStage
import java.util.concurrent.TimeUnit

/** Opens one transport to the bridge; [BridgeClient] calls it for every (re)connection, and closes it once done. */
fun interface BridgeConnector {
    fun connect(port: Int, token: String): CompletableFuture<TextTransport>

    fun close() {}
}

class WebSocketConnector(
    private val connectTimeout: Duration = Duration.ofSeconds(5),
    // Loopback only, never through a proxy: without NO_PROXY the client asks the default
    // ProxySelector, which in the IDE is its own (the user's proxy settings).
    private val http: HttpClient = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(connectTimeout).build(),
) : BridgeConnector {
    /**
     * Ends the client's selector thread and pool. HttpClient is AutoCloseable from Java 21 (the IDE's
     * runtime); at the Java 17 level this is compiled at, an older runtime's client ends when collected.
     */
    override fun close() {
        (http as? AutoCloseable)?.close()
    }

    override fun connect(port: Int, token: String): CompletableFuture<TextTransport> {
        val transport = WebSocketTransport()
        return http.newWebSocketBuilder()
            .header("Authorization", "Bearer $token")
            .connectTimeout(connectTimeout)
            .buildAsync(URI.create("ws://127.0.0.1:$port/bridge"), transport.wsListener)
            .thenApply { ws -> transport.attach(ws); transport }
    }
}

class WebSocketTransport internal constructor() : TextTransport {
    private val lock = Any()
    private var ws: WebSocket? = null
    private var listener: TransportListener? = null
    private var ended: Pair<String, Throwable?>? = null
    private var notified = false
    private var closing = false
    private var sendTail: CompletableFuture<*> = CompletableFuture.completedFuture(null)

    internal fun attach(socket: WebSocket) = synchronized(lock) { ws = socket }

    override fun start(listener: TransportListener) {
        val endedAlready = synchronized(lock) {
            this.listener = listener
            ended
        }
        if (endedAlready != null) notifyClosed() else ws?.request(1)
    }

    override fun send(text: String) {
        synchronized(lock) {
            val socket = ws
            if (socket == null || closing || ended != null) return
            // One send at a time: chain each after the previous one, whatever its outcome.
            sendTail = sendTail.handle { _, _ -> null }
                .thenCompose { socket.sendText(text, true) }
                // Async: a send that fails at once must not report the close while we hold the lock.
                .whenCompleteAsync { _, failure -> if (failure != null) ended("sending failed: ${failure.message}", failure) }
        }
    }

    override fun close(reason: String) {
        val (socket, tail) = synchronized(lock) {
            if (closing || ended != null) return
            closing = true
            // Ended before the close frame goes out, so the server's reaction to it cannot
            // be reported as the reason.
            ended = "closed by the IDE: $reason" to null
            ws to sendTail
        }
        notifyClosed()
        if (socket == null) return
        // Send the close frame after what is queued, then drop the TCP connection without
        // waiting for the server's echo: we are done either way.
        val utf8Limit = reason.toByteArray(StandardCharsets.UTF_8).size <= 120
        tail.handle { _, _ -> null }
            .thenCompose { socket.sendClose(WebSocket.NORMAL_CLOSURE, if (utf8Limit) reason else "closing") }
            .orTimeout(1, TimeUnit.SECONDS)
            .whenComplete { _, _ -> socket.abort() }
    }

    private fun ended(reason: String, error: Throwable?) {
        synchronized(lock) {
            if (ended != null) return
            ended = reason to error
        }
        if (error != null) ws?.abort()
        notifyClosed()
    }

    private fun notifyClosed() {
        val (l, why) = synchronized(lock) {
            val l = listener
            if (l == null || notified) return
            notified = true
            l to ended!!
        }
        l.onClosed(why.first, why.second)
    }

    internal val wsListener = object : WebSocket.Listener {
        private val partial = StringBuilder()

        // No request(1) in onOpen: start() asks for the first message once the peer is ready.
        override fun onOpen(webSocket: WebSocket) {}

        override fun onText(webSocket: WebSocket, data: CharSequence, last: Boolean): CompletionStage<*>? {
            partial.append(data)
            if (last) {
                val text = partial.toString()
                partial.setLength(0)
                synchronized(lock) { this@WebSocketTransport.listener }?.onMessage(text)
            }
            webSocket.request(1)
            return null
        }

        override fun onBinary(webSocket: WebSocket, data: ByteBuffer, last: Boolean): CompletionStage<*>? {
            webSocket.request(1) // the bridge is text only; ignore
            return null
        }

        override fun onClose(webSocket: WebSocket, statusCode: Int, reason: String): CompletionStage<*>? {
            ended("closed by the server ($statusCode${if (reason.isEmpty()) "" else " $reason"})", null)
            return null
        }

        override fun onError(webSocket: WebSocket, error: Throwable) {
            ended("connection failed: ${error.message ?: error.javaClass.simpleName}", error)
        }
    }
}
