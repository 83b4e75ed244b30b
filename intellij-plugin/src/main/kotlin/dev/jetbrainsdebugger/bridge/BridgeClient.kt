package dev.jetbrainsdebugger.bridge

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.ide.IdeFacade
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.TimeUnit

data class ClientTiming(
    val initialBackoff: Duration = Duration.ofMillis(500),
    val maxBackoff: Duration = Duration.ofSeconds(10),
    /** The spec's timeouts of the IDE → server requests (protocol/README.md, "Methods"). */
    val helloTimeout: Duration = Duration.ofSeconds(10),
    val requestTimeout: Duration = Duration.ofSeconds(10),
    /** `clients/install` runs the client's own CLI on the server. */
    val installTimeout: Duration = Duration.ofSeconds(90),
)

sealed class ClientState {
    /** No bridge to connect to (no binary running). */
    object Idle : ClientState() {
        override fun toString() = "Idle"
    }

    /** Trying to connect (or mid-handshake); [lastError] says why the previous attempt or connection ended. */
    data class Connecting(val attempt: Int, val lastError: String?) : ClientState()

    /** The handshake succeeded; the values come from the server's `hello` answer. */
    data class Connected(val mcpUrl: String?, val serverVersion: String?) : ClientState()

    /** Gave up on this target (the binary speaks another protocol version); a new target retries. */
    data class Failed(val reason: String) : ClientState()
}

/**
 * The IDE's end of the bridge connection over its whole life: connect to the binary's bridge
 * port, say `hello` (IDE, plugin version, projects, live sessions), re-announce the pauses in
 * effect, then answer the server's requests through [handler] and send the IDE's events as
 * notifications ([notifyServer]). When the connection drops it fails what is pending and
 * reconnects with back-off (0.5 s doubling to 10 s) until told to stop; a restarted binary is a
 * new target (port and token). It also carries the tool window's side of the command history
 * and settings (BridgeHistory) and of the coding-client catalogue (BridgeClients).
 */
class BridgeClient(
    private val facade: IdeFacade,
    /** Answers the server → IDE requests (the dispatcher's method table). */
    private val handler: RequestHandler,
    private val pluginVersion: String,
    private val log: BridgeLog,
    private val connector: BridgeConnector = WebSocketConnector(),
    private val timing: ClientTiming = ClientTiming(),
) : BridgeHistory, BridgeClients, AutoCloseable {
    companion object {
        const val PROTOCOL_VERSION = 1

        /** Events held during one handshake at most; beyond that they are dropped (and logged). */
        const val MAX_BUFFERED_EVENTS = 10_000

        /** How long close() waits for a task the bridge thread is running to return. */
        private const val CLOSE_WAIT_MS = 1_000L
    }

    private inner class Connection(val generation: Long, val transport: TextTransport) {
        val peer = JsonRpcPeer(transport, scheduler, log, handler, ::onNotification)

        /**
         * Events that happen while `hello` is under way, sent after the pause snapshot so the
         * server ends up with the latest state; null once the connection is live.
         */
        var buffer: ArrayList<Pair<String, JsonElement>>? = ArrayList()
        var dropped = 0
    }

    private val scheduler = ScheduledThreadPoolExecutor(1) { r ->
        Thread(r, "jetbrains-debugger-bridge").apply { isDaemon = true }
    }.apply { removeOnCancelPolicy = true }
    private val stateListeners = CopyOnWriteArrayList<(ClientState) -> Unit>()
    private val historyListeners = CopyOnWriteArrayList<HistoryListener>()

    private val lock = Any()
    private var target: Pair<Int, String>? = null
    /** Bumped whenever the target changes, so callbacks of older attempts find themselves stale. */
    private var generation = 0L
    private var current: Connection? = null
    private var backoff = timing.initialBackoff
    private var attempt = 0
    private var retry: ScheduledFuture<*>? = null
    private var state: ClientState = ClientState.Idle
    private var settings: ServerSettings? = null
    private var closed = false

    fun state(): ClientState = synchronized(lock) { state }

    /** Listeners run in order on the bridge's thread; hop to the UI thread yourself. */
    fun addStateListener(listener: (ClientState) -> Unit) {
        stateListeners += listener
    }

    fun removeStateListener(listener: (ClientState) -> Unit) {
        stateListeners -= listener
    }

    /** Connect (and keep reconnecting) to the bridge at [port] with [token]; replaces any earlier target. */
    fun connectTo(port: Int, token: String) {
        val old = synchronized(lock) {
            if (closed) return
            target = port to token
            generation++
            backoff = timing.initialBackoff
            attempt = 0
            retry?.cancel(false)
            scheduleAttemptLocked(generation, Duration.ZERO, null)
            current.also { current = null }
        }
        old?.let { teardown(it, "the MCP server moved to bridge port $port") }
    }

    /** Stop connecting and close the connection (the binary is gone). */
    fun disconnect() {
        val old = synchronized(lock) {
            target = null
            generation++
            retry?.cancel(false)
            retry = null
            setStateLocked(ClientState.Idle)
            current.also { current = null }
        }
        old?.let { teardown(it, "disconnected by the IDE") }
    }

    /** Drop the live connection on purpose (tests); the usual reconnection follows. */
    fun dropConnection() {
        synchronized(lock) { current }?.transport?.close("dropped on purpose")
    }

    /**
     * Drops what is still queued (a reconnect, a request's timeout: nothing must run the
     * plugin's code once it is closed, or an unloaded plugin stays in memory) and waits a
     * little for the bridge thread to end. Called off the EDT.
     */
    override fun close() {
        disconnect()
        synchronized(lock) { closed = true }
        scheduler.shutdownNow()
        connector.close()
        scheduler.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)
    }

    // ---- history (the tool window) -------------------------------------------------------

    override fun historyList(): CompletableFuture<HistoryPage> =
        request("history/list", JsonObject()).thenApply { Json.decode(it, HistoryPage::class.java) }

    override fun clearHistory(): CompletableFuture<Unit> = request("history/clear", JsonObject()).thenApply { }

    override fun exportHistory(format: String): CompletableFuture<String> =
        request("history/export", Json.obj("format" to format)).thenApply { Fields.of(it).string("content") }

    override fun updateSettings(settings: ServerSettings): CompletableFuture<Unit> {
        val live = synchronized(lock) {
            this.settings = settings
            liveLocked()
        } ?: return CompletableFuture.completedFuture(Unit)
        return sendSettings(live, settings)
    }

    override fun addHistoryListener(listener: HistoryListener) {
        historyListeners += listener
    }

    override fun removeHistoryListener(listener: HistoryListener) {
        historyListeners -= listener
    }

    private fun sendSettings(c: Connection, settings: ServerSettings): CompletableFuture<Unit> =
        c.peer.request("settings/update", Json.tree(settings), timing.requestTimeout).thenApply { }

    // ---- coding clients (the Install on Coding Agents popup) -----------------------------

    override fun clientsList(): CompletableFuture<List<CodingClient>> =
        request("clients/list", JsonObject()).thenApply { Fields.of(it).list<CodingClient>("clients") }

    override fun installClient(id: String, withSkill: Boolean): CompletableFuture<InstallOutcome> =
        request("clients/install", if (withSkill) Json.obj("client" to id, "skill" to true) else Json.obj("client" to id), timing.installTimeout)
            .thenApply { Json.decode(it, InstallOutcome::class.java) }

    private fun request(
        method: String,
        params: JsonElement,
        timeout: Duration = timing.requestTimeout,
    ): CompletableFuture<JsonElement> {
        val live = synchronized(lock) { liveLocked() }
            ?: return CompletableFuture.failedFuture(BridgeUnavailableException("not connected to the MCP server"))
        return live.peer.request(method, params, timeout)
    }

    private fun liveLocked(): Connection? = current?.takeIf { it.buffer == null }

    // ---- connection life -------------------------------------------------------------------

    private fun scheduleAttemptLocked(gen: Long, delay: Duration, lastError: String?) {
        attempt++
        setStateLocked(ClientState.Connecting(attempt, lastError))
        retry = try {
            scheduler.schedule({ attemptNow(gen) }, delay.toMillis(), TimeUnit.MILLISECONDS)
        } catch (e: RejectedExecutionException) {
            null // closing
        }
    }

    private fun retryLocked(gen: Long, reason: String) {
        if (gen != generation || closed) return
        val delay = backoff
        backoff = minOf(backoff.multipliedBy(2), timing.maxBackoff)
        log.info("bridge: $reason; retrying in ${delay.toMillis()} ms")
        scheduleAttemptLocked(gen, delay, reason)
    }

    private fun attemptNow(gen: Long) {
        val (port, token) = synchronized(lock) {
            if (gen != generation || closed) return
            target
        } ?: return
        val future = try {
            connector.connect(port, token)
        } catch (t: Throwable) {
            CompletableFuture.failedFuture(t)
        }
        future.whenComplete { transport, failure ->
            if (failure != null) {
                val why = RpcMessage.unwrap(failure).let { it.message ?: it.javaClass.simpleName }
                synchronized(lock) { retryLocked(gen, "cannot connect to the bridge on port $port: $why") }
            } else {
                opened(gen, transport)
            }
        }
    }

    private fun opened(gen: Long, transport: TextTransport) {
        val conn = synchronized(lock) {
            if (gen != generation || closed) null else Connection(gen, transport).also { current = it }
        }
        if (conn == null) {
            transport.close("superseded")
            return
        }
        transport.start(object : TransportListener {
            override fun onMessage(text: String) = conn.peer.receive(text)
            override fun onClosed(reason: String, error: Throwable?) = connectionClosed(conn, reason)
        })
        val params = try {
            Json.obj(
                "protocol_version" to PROTOCOL_VERSION,
                "ide" to facade.ideInfo(),
                "plugin_version" to pluginVersion,
                "projects" to facade.projects(),
                "sessions" to facade.sessions(),
            )
        } catch (t: Throwable) {
            log.warn("bridge: cannot collect the hello data", t)
            transport.close("hello failed")
            return
        }
        conn.peer.request("hello", params, timing.helloTimeout).whenComplete { result, failure ->
            if (failure != null) helloFailed(conn, RpcMessage.unwrap(failure)) else helloSucceeded(conn, result)
        }
    }

    private fun helloFailed(conn: Connection, failure: Throwable) {
        if (failure is RpcException && failure.code == RpcCodes.VERSION_MISMATCH) {
            val reason = "the MCP server refused this plugin's bridge protocol $PROTOCOL_VERSION: ${failure.message}"
            log.warn("bridge: $reason")
            val stillCurrent = synchronized(lock) {
                if (conn !== current) return@synchronized false
                generation++ // no retries against this binary
                current = null
                setStateLocked(ClientState.Failed(reason))
                true
            }
            if (stillCurrent) teardown(conn, "protocol version mismatch")
            return
        }
        log.warn("bridge: hello failed: ${failure.message}")
        conn.transport.close("hello failed") // onClosed schedules the retry
    }

    private fun helloSucceeded(conn: Connection, result: JsonElement) {
        val answer = (result as? JsonObject)?.let { Fields.of(it) }
        val mcpUrl = runCatching { answer?.stringOrNull("mcp_url") }.getOrNull()
        val serverVersion = runCatching { answer?.stringOrNull("server_version") }.getOrNull()
        // Outside the lock: the facade may take its own locks, and it calls our sink under them.
        val pauses = try {
            facade.currentPauses()
        } catch (t: Throwable) {
            log.warn("bridge: cannot read the current pauses", t)
            emptyList()
        }
        val settings = synchronized(lock) {
            if (conn !== current) return
            for (pause in pauses) conn.peer.notify("session/paused", Json.tree(pause))
            conn.buffer?.forEach { (method, params) -> conn.peer.notify(method, params) }
            if (conn.dropped > 0) log.warn("bridge: dropped ${conn.dropped} IDE events during the handshake")
            conn.buffer = null
            backoff = timing.initialBackoff
            attempt = 0
            setStateLocked(ClientState.Connected(mcpUrl, serverVersion))
            settings
        }
        log.info("bridge: connected to jetbrains-debugger-mcp ${serverVersion ?: "?"} (${mcpUrl ?: "no MCP URL given"})")
        if (settings != null) {
            sendSettings(conn, settings).exceptionally { log.warn("bridge: settings/update failed: ${RpcMessage.unwrap(it).message}") }
        }
    }

    private fun connectionClosed(conn: Connection, reason: String) {
        conn.peer.close("the bridge connection closed ($reason)")
        synchronized(lock) {
            if (conn !== current) return
            current = null
            retryLocked(conn.generation, "bridge connection lost: $reason")
        }
    }

    private fun teardown(conn: Connection, reason: String) {
        conn.peer.close(reason)
        conn.transport.close(reason)
    }

    // ---- events and notifications ----------------------------------------------------------

    /**
     * Sends an IDE → server notification: at once while connected, after the pause snapshot
     * during a handshake, and not at all while disconnected (the next handshake re-announces
     * what matters).
     */
    fun notifyServer(method: String, params: JsonElement) {
        synchronized(lock) {
            val conn = current ?: return
            val buffer = conn.buffer
            when {
                buffer == null -> conn.peer.notify(method, params) // under the lock, so order is kept
                buffer.size < MAX_BUFFERED_EVENTS -> buffer += method to params
                else -> conn.dropped++
            }
        }
    }

    private fun onNotification(method: String, params: JsonElement?) {
        if (method != "history/changed") {
            log.info("bridge: ignoring notification $method")
            return
        }
        val change = try {
            Json.decode(params, HistoryChange::class.java)
        } catch (x: WireFormatException) {
            log.warn("bridge: unreadable history/changed: ${x.message}")
            return
        }
        for (l in historyListeners) {
            try {
                l.historyChanged(change)
            } catch (t: Throwable) {
                log.warn("bridge: a history listener failed", t)
            }
        }
    }

    private fun setStateLocked(s: ClientState) {
        if (state == s) return
        state = s
        try {
            // One thread, in order: listeners see the states in the order they happened.
            scheduler.execute {
                for (l in stateListeners) {
                    try {
                        l(s)
                    } catch (t: Throwable) {
                        log.warn("bridge: a state listener failed", t)
                    }
                }
            }
        } catch (e: RejectedExecutionException) {
            // closed
        }
    }
}
