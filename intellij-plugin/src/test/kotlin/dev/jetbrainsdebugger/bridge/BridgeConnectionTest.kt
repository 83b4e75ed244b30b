// WebSocketConnector/WebSocketTransport against a minimal RFC 6455 server written here
// (one connection, text frames, fragmentation, close), so the real JDK client is exercised
// without the Rust binary: the upgrade goes to /bridge with the bearer token, fragmented
// and large messages arrive whole, sends arrive in order, and both kinds of close are seen.
package dev.jetbrainsdebugger.bridge

import dev.jetbrainsdebugger.eventually
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.io.ByteArrayOutputStream
import java.io.DataInputStream
import java.io.InputStream
import java.io.OutputStream
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.nio.charset.StandardCharsets
import java.security.MessageDigest
import java.util.Base64
import java.util.concurrent.ExecutionException
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/** Just enough of a WebSocket server for one client connection. */
class MiniWebSocketServer(private val expectedToken: String) : AutoCloseable {
    private val server = ServerSocket(0, 5, InetAddress.getLoopbackAddress())
    val port: Int get() = server.localPort
    val requestLines = LinkedBlockingQueue<String>()
    val headers = LinkedBlockingQueue<Map<String, String>>()
    val received = LinkedBlockingQueue<String>()
    val pongs = LinkedBlockingQueue<String>()
    @Volatile var clientClosed = false
    @Volatile private var socket: Socket? = null
    private lateinit var out: OutputStream

    init {
        Thread({ serve() }, "mini-ws").apply { isDaemon = true; start() }
    }

    private fun serve() {
        val s = try {
            server.accept()
        } catch (e: Exception) {
            return
        }
        socket = s
        val input = DataInputStream(s.getInputStream())
        out = s.getOutputStream()
        val head = readHead(input)
        val lines = head.split("\r\n")
        requestLines += lines[0]
        val h = lines.drop(1).filter { ':' in it }.associate { it.substringBefore(':').trim().lowercase() to it.substringAfter(':').trim() }
        headers += h
        if (h["authorization"] != "Bearer $expectedToken") {
            out.write("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".toByteArray())
            out.flush()
            s.close()
            return
        }
        val accept = Base64.getEncoder().encodeToString(
            MessageDigest.getInstance("SHA-1").digest((h["sec-websocket-key"] + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").toByteArray()),
        )
        synchronized(this) {
            out.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: $accept\r\n\r\n".toByteArray())
            out.flush()
        }
        val message = ByteArrayOutputStream()
        try {
            while (true) {
                val b0 = input.readUnsignedByte()
                val b1 = input.readUnsignedByte()
                var len = (b1 and 0x7f).toLong()
                if (len == 126L) len = input.readUnsignedShort().toLong() else if (len == 127L) len = input.readLong()
                val mask = ByteArray(4).also { input.readFully(it) } // clients always mask
                val payload = ByteArray(len.toInt()).also { input.readFully(it) }
                for (i in payload.indices) payload[i] = (payload[i].toInt() xor mask[i % 4].toInt()).toByte()
                when (b0 and 0x0f) {
                    0x1, 0x0 -> {
                        message.write(payload)
                        if (b0 and 0x80 != 0) {
                            received += message.toString(StandardCharsets.UTF_8)
                            message.reset()
                        }
                    }
                    0x8 -> {
                        clientClosed = true
                        s.close()
                        return
                    }
                    0x9 -> frame(0xA, payload, true)
                    0xA -> pongs += String(payload, StandardCharsets.UTF_8)
                }
            }
        } catch (e: Exception) {
            clientClosed = true
        }
    }

    private fun readHead(input: InputStream): String {
        val buf = ByteArrayOutputStream()
        while (!buf.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) buf.write(input.read())
        return buf.toString(StandardCharsets.ISO_8859_1)
    }

    /** One unmasked frame, as servers send them. */
    fun frame(opcode: Int, payload: ByteArray, fin: Boolean) = synchronized(this) {
        out.write((if (fin) 0x80 else 0) or opcode)
        when {
            payload.size < 126 -> out.write(payload.size)
            payload.size < 65536 -> {
                out.write(126)
                out.write(payload.size shr 8)
                out.write(payload.size and 0xff)
            }
            else -> {
                out.write(127)
                for (i in 7 downTo 0) out.write(((payload.size.toLong() shr (8 * i)) and 0xff).toInt())
            }
        }
        out.write(payload)
        out.flush()
    }

    fun sendText(text: String) = frame(0x1, text.toByteArray(StandardCharsets.UTF_8), true)

    /** [parts] frames: one text frame and continuation frames. */
    fun sendFragmented(parts: List<String>) = parts.forEachIndexed { i, p ->
        frame(if (i == 0) 0x1 else 0x0, p.toByteArray(StandardCharsets.UTF_8), i == parts.size - 1)
    }

    fun sendClose(code: Int) = frame(0x8, byteArrayOf((code shr 8).toByte(), (code and 0xff).toByte()), true)

    fun dropTcp() = socket?.close()

    override fun close() {
        server.close()
        socket?.close()
    }
}

class BridgeConnectionTest {
    private val server = MiniWebSocketServer("s3cret")
    private val messages = LinkedBlockingQueue<String>()
    private val closes = LinkedBlockingQueue<String>()
    private val listener = object : TransportListener {
        override fun onMessage(text: String) {
            messages += text
        }
        override fun onClosed(reason: String, error: Throwable?) {
            closes += reason
        }
    }

    @AfterEach
    fun stop() = server.close()

    private fun open(): TextTransport = WebSocketConnector().connect(server.port, "s3cret").get(5, TimeUnit.SECONDS).also { it.start(listener) }

    @Test
    fun upgrades_on_bridge_with_the_bearer_token_and_exchanges_whole_messages() {
        val t = open()
        assertEquals("GET /bridge HTTP/1.1", server.requestLines.poll(5, TimeUnit.SECONDS))
        val h = server.headers.poll(5, TimeUnit.SECONDS)!!
        assertEquals("Bearer s3cret", h["authorization"])
        assertEquals(null, h["origin"], "a browser-like Origin header would be refused by the server")

        server.sendFragmented(listOf("{\"jsonrpc\":", "\"2.0\",", "\"method\":\"x\"}"))
        assertEquals("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}", messages.poll(5, TimeUnit.SECONDS))
        val big = "x".repeat(300_000) // the JDK hands this over in parts
        server.sendText(big)
        assertEquals(big, messages.poll(5, TimeUnit.SECONDS))

        for (i in 1..50) t.send("m$i")
        assertEquals((1..50).map { "m$it" }, (1..50).map { server.received.poll(5, TimeUnit.SECONDS) })
        t.close("bye")
        assertTrue(closes.poll(5, TimeUnit.SECONDS)!!.contains("bye"))
        eventually(what = "the server to see the close") { server.clientClosed }
    }

    @Test
    fun pings_are_answered_by_the_jdk_so_the_servers_liveness_check_passes() {
        open()
        server.frame(0x9, "hb".toByteArray(), true)
        assertEquals("hb", server.pongs.poll(5, TimeUnit.SECONDS))
        assertEquals(null, closes.poll(100, TimeUnit.MILLISECONDS))
    }

    @Test
    fun a_close_by_the_server_is_reported_once() {
        open()
        server.sendClose(1001)
        val reason = closes.poll(5, TimeUnit.SECONDS)
        assertTrue(reason!!.contains("1001"), reason)
        assertEquals(null, closes.poll(200, TimeUnit.MILLISECONDS))
    }

    @Test
    fun a_lost_tcp_connection_is_reported() {
        open()
        server.dropTcp()
        assertTrue(closes.poll(5, TimeUnit.SECONDS) != null)
    }

    @Test
    fun a_wrong_token_fails_the_connect() {
        val x = assertFailsWith<ExecutionException> { WebSocketConnector().connect(server.port, "wrong").get(5, TimeUnit.SECONDS) }
        assertTrue(x.cause.toString().contains("401") || x.cause.toString().contains("WebSocket"), x.cause.toString())
    }

    @Test
    fun the_bridge_is_reached_directly_whatever_proxy_the_default_selector_names() {
        val asked = java.util.concurrent.CopyOnWriteArrayList<java.net.URI>()
        val previous = java.net.ProxySelector.getDefault()
        // As the IDE's selector would with a proxy configured: every URI through a proxy that does not answer.
        java.net.ProxySelector.setDefault(object : java.net.ProxySelector() {
            override fun select(uri: java.net.URI): List<java.net.Proxy> {
                asked += uri
                return listOf(java.net.Proxy(java.net.Proxy.Type.HTTP, java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 9)))
            }
            override fun connectFailed(uri: java.net.URI, sa: java.net.SocketAddress, ioe: java.io.IOException) {}
        })
        try {
            open()
            assertEquals("GET /bridge HTTP/1.1", server.requestLines.poll(5, TimeUnit.SECONDS))
            assertEquals(emptyList(), asked.toList(), "the proxy selector was asked")
        } finally {
            java.net.ProxySelector.setDefault(previous)
        }
    }

    @Test
    fun closing_the_bridge_client_closes_its_connector() {
        val closed = java.util.concurrent.CountDownLatch(1)
        val connector = object : BridgeConnector {
            override fun connect(port: Int, token: String): java.util.concurrent.CompletableFuture<TextTransport> =
                java.util.concurrent.CompletableFuture.failedFuture(java.io.IOException("not used"))
            override fun close() = closed.countDown()
        }
        val facade = dev.jetbrainsdebugger.crosslang.RecordingIde("/tmp/project")
        BridgeClient(facade, dev.jetbrainsdebugger.dispatch.Dispatcher(facade), "test", dev.jetbrainsdebugger.RecordingLog(), connector).close()
        assertTrue(closed.await(5, TimeUnit.SECONDS), "the connector (its HttpClient) was left open")
    }
}
