package dev.jetbrainsdebugger.launcher

import dev.jetbrainsdebugger.bridge.BridgeClient
import dev.jetbrainsdebugger.bridge.BridgeConnector
import dev.jetbrainsdebugger.bridge.BridgeLog
import dev.jetbrainsdebugger.bridge.BridgeClients
import dev.jetbrainsdebugger.bridge.BridgeHistory
import dev.jetbrainsdebugger.bridge.ClientState
import dev.jetbrainsdebugger.bridge.ClientTiming
import dev.jetbrainsdebugger.bridge.WebSocketConnector
import dev.jetbrainsdebugger.dispatch.Dispatcher
import dev.jetbrainsdebugger.dispatch.NotificationSink
import dev.jetbrainsdebugger.ide.IdeFacade
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Executors
import java.util.concurrent.RejectedExecutionException

sealed class RuntimeStatus {
    /** The binary is starting and the bridge has not connected yet. */
    object Starting : RuntimeStatus() {
        override fun toString() = "Starting"
    }

    /** The bridge is up; agents reach the MCP server at [mcpUrl]. */
    data class Connected(val mcpUrl: String) : RuntimeStatus()

    /** The binary died or the bridge dropped; it is being brought back. [reason] is for the user. */
    data class Restarting(val reason: String) : RuntimeStatus()

    /** Cannot work (binary missing, protocol mismatch); nothing more is attempted. */
    data class Failed(val reason: String) : RuntimeStatus()
}

data class RuntimeTiming(
    val supervisor: SupervisorTiming = SupervisorTiming(),
    val client: ClientTiming = ClientTiming(),
)

/**
 * The one object the IntelliJ side creates: it wires the binary's supervisor to the bridge
 * client (each start of the binary brings a new bridge port and token), subscribes the
 * client to the IDE's events, and folds both into one status for the tool window:
 * starting → connected(mcpUrl), and restarting(reason) / failed(reason) when things go wrong.
 * restart() replaces the supervisor (a new binary, possibly with new LaunchOptions: MCP port,
 * allowed browser origins) while the
 * bridge client, and so every history listener of the tool window, stays.
 */
class BridgeRuntime(
    private val facade: IdeFacade,
    /** Finds the binary at each start; throws [BinaryNotFoundException] (a failed status) when it cannot. */
    private val locateBinary: () -> Path,
    pluginVersion: String,
    private val log: BridgeLog,
    launchOptions: LaunchOptions = LaunchOptions(),
    connector: BridgeConnector = WebSocketConnector(),
    private val timing: RuntimeTiming = RuntimeTiming(),
) : AutoCloseable {
    constructor(
        facade: IdeFacade,
        binary: Path,
        pluginVersion: String,
        log: BridgeLog,
        launchOptions: LaunchOptions = LaunchOptions(),
        connector: BridgeConnector = WebSocketConnector(),
        timing: RuntimeTiming = RuntimeTiming(),
    ) : this(facade, { binary }, pluginVersion, log, launchOptions, connector, timing)

    companion object {
        /** The stable MCP port, so `claude mcp add ... http://127.0.0.1:47823/mcp` survives IDE restarts. */
        const val DEFAULT_MCP_PORT = 47823
    }

    private val client = BridgeClient(facade, Dispatcher(facade), pluginVersion, log, connector, timing.client)
    private var supervisor = newSupervisor(launchOptions)
    private val notifier = Executors.newSingleThreadExecutor { r ->
        Thread(r, "jetbrains-debugger status").apply { isDaemon = true }
    }
    private val statusListeners = CopyOnWriteArrayList<(RuntimeStatus) -> Unit>()

    private val lock = Any()
    private var status: RuntimeStatus = RuntimeStatus.Starting
    /** The binary reported ready and has not stopped since. */
    private var binaryUp = false
    private var readyUrl: String? = null
    private var started = false
    private var closed = false

    /** The command history of the running binary, for the tool window. */
    val history: BridgeHistory get() = client

    /** The coding-client catalogue of the running binary, for the Install on Coding Agents popup. */
    val clients: BridgeClients get() = client

    /** Start the binary and the bridge; call once. */
    fun start() {
        synchronized(lock) {
            if (started || closed) return
            started = true
        }
        client.addStateListener(::clientChanged)
        facade.subscribe(NotificationSink(client::notifyServer))
        supervisor.start()
    }

    fun status(): RuntimeStatus = synchronized(lock) { status }

    /** Called in order on a background thread of the runtime; hop to the UI thread yourself. */
    fun addStatusListener(listener: (RuntimeStatus) -> Unit) {
        statusListeners += listener
    }

    fun removeStatusListener(listener: (RuntimeStatus) -> Unit) {
        statusListeners -= listener
    }

    /** The MCP port the current binary was asked for (it may have fallen back to a later one; see the status's URL). */
    val mcpPort: Int get() = launchOptions.mcpPort

    /** What the current binary was started with. */
    val launchOptions: LaunchOptions get() = synchronized(lock) { supervisor.options }

    /**
     * Stops the binary and starts a new one with [options] (after a failure, or to apply a new
     * port or new allowed origins). Blocks while the old binary stops (up to ~3 s): call it off
     * the UI thread.
     */
    fun restart(options: LaunchOptions = launchOptions) {
        val old = synchronized(lock) {
            if (closed || !started) return
            val previous = supervisor
            supervisor = newSupervisor(options)
            binaryUp = false
            readyUrl = null
            previous
        }
        old.close()
        client.disconnect()
        set(RuntimeStatus.Starting)
        val next = synchronized(lock) { if (closed) null else supervisor }
        next?.start()
    }

    /** Drop the bridge connection on purpose (tests); the client reconnects after its back-off. */
    fun dropBridgeConnection() = client.dropConnection()

    /** Stops the bridge and the binary (stdin EOF, then by force after a grace period). Blocks up to ~3 s. */
    override fun close() {
        synchronized(lock) {
            if (closed) return
            closed = true
        }
        client.close()
        synchronized(lock) { supervisor }.close()
        notifier.shutdown()
    }

    private fun newSupervisor(options: LaunchOptions): BinarySupervisor {
        val supervision = Supervision()
        return BinarySupervisor(locateBinary, options, log, supervision, timing.supervisor).also { supervision.owner = it }
    }

    /** The listener of one supervisor; once restart() replaced that supervisor, what it reports is stale. */
    private inner class Supervision : SupervisorListener {
        lateinit var owner: BinarySupervisor

        private inline fun ifCurrent(block: () -> Unit): Boolean = synchronized(lock) {
            if (supervisor !== owner) return false
            block()
            true
        }

        override fun ready(ready: ReadyInfo, token: String) {
            if (ifCurrent { binaryUp = true; readyUrl = ready.mcpUrl }) client.connectTo(ready.bridgePort, token)
        }

        override fun stopped(reason: String, restartIn: Duration) {
            if (!ifCurrent { binaryUp = false }) return
            client.disconnect()
            set(RuntimeStatus.Restarting("$reason; restarting in ${seconds(restartIn)}"))
        }

        override fun failed(reason: String) {
            if (!ifCurrent { binaryUp = false }) return
            client.disconnect()
            set(RuntimeStatus.Failed(reason))
        }
    }

    private fun clientChanged(state: ClientState) {
        val next = synchronized(lock) {
            // The client reports on its own thread: whatever it says about a binary that has
            // stopped since is stale.
            if (!binaryUp) return
            when (state) {
                is ClientState.Connected -> RuntimeStatus.Connected(state.mcpUrl ?: readyUrl ?: "")
                is ClientState.Connecting ->
                    if (state.lastError == null) return
                    else RuntimeStatus.Restarting("lost the connection to the MCP server (${state.lastError}); reconnecting")
                is ClientState.Failed -> RuntimeStatus.Failed(state.reason)
                ClientState.Idle -> return
            }
        }
        set(next)
    }

    private fun set(next: RuntimeStatus) {
        synchronized(lock) {
            if (closed || status == next) return
            status = next
            try {
                notifier.execute {
                    for (l in statusListeners) {
                        try {
                            l(next)
                        } catch (t: Throwable) {
                            log.warn("a runtime status listener failed", t)
                        }
                    }
                }
            } catch (e: RejectedExecutionException) {
                // closing
            }
        }
        log.info("jetbrains-debugger: $next")
    }

    private fun seconds(d: Duration): String =
        if (d.toMillis() % 1000 == 0L) "${d.seconds} s" else String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0)
}
