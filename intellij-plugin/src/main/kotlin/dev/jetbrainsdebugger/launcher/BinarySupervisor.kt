package dev.jetbrainsdebugger.launcher

import dev.jetbrainsdebugger.bridge.BridgeLog
import dev.jetbrainsdebugger.bridge.Fields
import dev.jetbrainsdebugger.bridge.Json
import java.io.BufferedReader
import java.io.IOException
import java.io.InputStream
import java.io.InputStreamReader
import java.nio.charset.StandardCharsets
import java.nio.file.Path
import java.security.SecureRandom
import java.time.Duration
import java.util.ArrayDeque
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.TimeUnit

/** What a start of the binary depends on: [BridgeRuntime.restart] takes a new one. */
data class LaunchOptions(
    /** The MCP port asked for (an IDE-managed binary falls back to one of the next ports when it is taken). */
    val mcpPort: Int = BridgeRuntime.DEFAULT_MCP_PORT,
    /** Browser origins (`scheme://host[:port]`) the binary accepts; requests without an Origin are always accepted. */
    val allowedOrigins: List<String> = emptyList(),
) {
    init {
        // The binary splits the variable at commas: an entry with one would allow something else.
        val bad = allowedOrigins.firstOrNull { it.isBlank() || ',' in it || it != it.trim() }
        require(bad == null) { "not a browser origin: '$bad'" }
    }
}

/** The binary's `{"ready":{...}}` line. */
data class ReadyInfo(val protocolVersion: Int, val bridgePort: Int, val mcpPort: Int, val mcpUrl: String)

data class SupervisorTiming(
    val readyTimeout: Duration = Duration.ofSeconds(20),
    val initialBackoff: Duration = Duration.ofSeconds(1),
    val maxBackoff: Duration = Duration.ofSeconds(30),
    /** A run this long counts as healthy: the next restart starts from [initialBackoff] again. */
    val stableAfter: Duration = Duration.ofMinutes(1),
    /** How long close() waits for the binary to exit on its own after stdin EOF. */
    val closeGrace: Duration = Duration.ofSeconds(2),
)

/** Called on the supervisor's threads; must not block. */
interface SupervisorListener {
    fun starting(attempt: Int) {}
    fun ready(ready: ReadyInfo, token: String)
    /** The binary stopped (or never got ready); it is started again after [restartIn]. */
    fun stopped(reason: String, restartIn: Duration)
    /** The binary cannot be started at all (missing, not executable); no more attempts. */
    fun failed(reason: String)
}

/**
 * Runs the MCP server binary as the IDE's child (protocol/README.md, "Transport"):
 * `<binary> serve --ide-managed --bridge-port 0 --port <mcpPort>` with a fresh bridge token
 * in JETBRAINS_DEBUGGER_BRIDGE_TOKEN (never argv, which other users can read), the browser
 * origins the user allowed in JETBRAINS_DEBUGGER_ALLOW_ORIGINS (unset when none, so one
 * inherited from the IDE's environment does not widen what the settings say), stdin kept
 * open because its end of file tells the binary the IDE is gone, the one `{"ready":{...}}`
 * stdout line read to learn the bridge port, stderr forwarded to the log. A binary that
 * dies is restarted with back-off (1 s doubling to 30 s, reset after a run of a minute);
 * close() ends it politely (stdin EOF) and then by force, children included.
 */
class BinarySupervisor(
    /** Finds the binary at each start (it may appear later); throws [BinaryNotFoundException] when it cannot. */
    private val locate: () -> Path,
    val options: LaunchOptions,
    private val log: BridgeLog,
    private val listener: SupervisorListener,
    private val timing: SupervisorTiming = SupervisorTiming(),
) : AutoCloseable {
    constructor(binary: Path, options: LaunchOptions, log: BridgeLog, listener: SupervisorListener, timing: SupervisorTiming = SupervisorTiming()) :
        this({ binary }, options, log, listener, timing)

    companion object {
        const val TOKEN_ENV = "JETBRAINS_DEBUGGER_BRIDGE_TOKEN"
        /** Read by the binary's `serve --allow-origin` (comma-separated). */
        const val ALLOW_ORIGINS_ENV = "JETBRAINS_DEBUGGER_ALLOW_ORIGINS"
        private val ANSI = Regex("\u001B\\[[0-9;]*[A-Za-z]")
        private val random = SecureRandom()

        fun newToken(): String {
            val bytes = ByteArray(32).also { random.nextBytes(it) }
            return bytes.joinToString("") { "%02x".format(it) }
        }

        /** The `ready` object of a stdout line, or null when the line is something else. */
        fun parseReady(line: String): ReadyInfo? = try {
            Fields.of(Json.parse(line)).nested("ready") { f ->
                ReadyInfo(f.int("protocol_version"), f.int("bridge_port", min = 1), f.int("mcp_port"), f.string("mcp_url"))
            }
        } catch (e: RuntimeException) {
            null
        }
    }

    private inner class Run(val process: Process, val token: String, val attempt: Int) {
        val startedAt: Long = System.nanoTime()
        @Volatile var ready = false
        @Volatile var readyTimedOut = false
        val lastStderr = ArrayDeque<String>()
        var readyTimer: ScheduledFuture<*>? = null
        val readers = ArrayList<Thread>()
    }

    private val scheduler = ScheduledThreadPoolExecutor(1) { r ->
        Thread(r, "jetbrains-debugger-mcp supervisor").apply { isDaemon = true }
    }.apply { removeOnCancelPolicy = true }
    private val lock = Any()
    private var started = false
    private var closed = false
    private var current: Run? = null
    private var attempts = 0
    private var backoff = timing.initialBackoff
    private var restartTask: ScheduledFuture<*>? = null

    /** The arguments after the binary (the token is not among them). */
    val arguments: List<String> = listOf("serve", "--ide-managed", "--bridge-port", "0", "--port", options.mcpPort.toString())

    val mcpPort: Int get() = options.mcpPort

    fun start() {
        synchronized(lock) {
            if (started || closed) return
            started = true
        }
        scheduler.execute { launch() }
    }

    private fun launch() {
        val attempt = synchronized(lock) {
            if (closed || current != null) return
            ++attempts
        }
        val binary = try {
            locate()
        } catch (e: RuntimeException) {
            // BinaryNotFoundException says which file was expected; anything else is a locator bug, reported the same way.
            log.warn("jetbrains-debugger-mcp: ${e.message}", e)
            listener.safely { failed(e.message ?: "the MCP server binary cannot be found (${e.javaClass.simpleName})") }
            return
        }
        val token = newToken()
        val builder = ProcessBuilder(listOf(binary.toString()) + arguments)
        val environment = builder.environment()
        environment[TOKEN_ENV] = token
        if (options.allowedOrigins.isEmpty()) {
            environment.remove(ALLOW_ORIGINS_ENV)
        } else {
            environment[ALLOW_ORIGINS_ENV] = options.allowedOrigins.joinToString(",")
        }
        val process = try {
            builder.start()
        } catch (e: IOException) {
            val reason = "cannot start $binary: ${e.message}"
            log.warn("jetbrains-debugger-mcp: $reason", e)
            listener.safely { failed(reason) }
            return
        }
        val run = Run(process, token, attempt)
        val keep = synchronized(lock) {
            if (closed) false else true.also { current = run }
        }
        if (!keep) {
            destroyTree(process)
            return
        }
        log.info("jetbrains-debugger-mcp: started (pid ${process.pid()}, attempt $attempt): $binary ${arguments.joinToString(" ")}" +
            ", allowed browser origins: ${options.allowedOrigins.joinToString(", ").ifEmpty { "none" }}")
        listener.safely { starting(attempt) }
        run.readers += reader("stderr", process.errorStream) { raw ->
            // tracing colours its output even into a pipe; idea.log wants plain text.
            val line = raw.replace(ANSI, "")
            synchronized(run.lastStderr) {
                run.lastStderr.addLast(line)
                if (run.lastStderr.size > 20) run.lastStderr.removeFirst()
            }
            // The binary logs with tracing levels; only its warnings and errors deserve one here.
            if (line.contains(" ERROR ") || line.contains(" WARN ")) log.warn("jetbrains-debugger-mcp: $line") else log.info("jetbrains-debugger-mcp: $line")
        }
        run.readers += reader("stdout", process.inputStream) { line ->
            val info = if (run.ready) null else parseReady(line)
            if (info != null) {
                run.ready = true
                run.readyTimer?.cancel(false)
                log.info("jetbrains-debugger-mcp: ready, bridge port ${info.bridgePort}, MCP at ${info.mcpUrl}")
                listener.safely { ready(info, token) }
            } else {
                log.warn("jetbrains-debugger-mcp: unexpected output on stdout: ${line.take(300)}")
            }
        }
        run.readyTimer = scheduler.schedule({
            if (!run.ready && process.isAlive) {
                run.readyTimedOut = true
                log.warn("jetbrains-debugger-mcp: no ready line within ${timing.readyTimeout.toMillis()} ms; stopping it")
                destroyTree(process)
            }
        }, timing.readyTimeout.toMillis(), TimeUnit.MILLISECONDS)
        // A thread of our own waits for the exit: exited() blocks briefly on the readers.
        Thread({
            run.process.awaitExit(Long.MAX_VALUE)
            exited(run)
        }, "jetbrains-debugger-mcp waiter").apply {
            isDaemon = true
            start()
        }
    }

    private fun exited(run: Run) {
        // Let the stderr reader catch the last lines, which usually say why.
        run.readers.forEach { it.join(500) }
        run.readyTimer?.cancel(false)
        val ranFor = Duration.ofNanos(System.nanoTime() - run.startedAt)
        val delay = synchronized(lock) {
            if (current === run) current = null
            if (closed) return
            if (ranFor >= timing.stableAfter) backoff = timing.initialBackoff
            val d = backoff
            backoff = minOf(backoff.multipliedBy(2), timing.maxBackoff)
            restartTask = scheduler.schedule({ launch() }, d.toMillis(), TimeUnit.MILLISECONDS)
            d
        }
        val reason = describeExit(run)
        log.warn("jetbrains-debugger-mcp: $reason; restarting in ${delay.toMillis()} ms")
        listener.safely { stopped(reason, delay) }
    }

    private fun describeExit(run: Run): String {
        val code = runCatching { run.process.exitValue() }.getOrNull()
        val what = when {
            run.readyTimedOut -> "did not report ready within ${timing.readyTimeout.toMillis()} ms"
            run.ready -> "exited with code $code"
            else -> "exited with code $code before it was ready"
        }
        val last = synchronized(run.lastStderr) { run.lastStderr.lastOrNull() }
        return if (last != null) "the MCP server $what ($last)" else "the MCP server $what"
    }

    private fun reader(name: String, stream: InputStream, onLine: (String) -> Unit): Thread =
        Thread({
            try {
                BufferedReader(InputStreamReader(stream, StandardCharsets.UTF_8)).use { r ->
                    while (true) {
                        val line = r.readLine() ?: break
                        try {
                            onLine(line)
                        } catch (t: Throwable) {
                            log.warn("jetbrains-debugger-mcp: handling a $name line failed", t)
                        }
                    }
                }
            } catch (e: IOException) {
                // the process went away
            }
        }, "jetbrains-debugger-mcp $name").apply {
            isDaemon = true
            start()
        }

    /** Stop the binary: stdin EOF first (it exits by itself), then the process tree by force after the grace period. */
    override fun close() {
        val run = synchronized(lock) {
            if (closed) return
            closed = true
            restartTask?.cancel(false)
            current
        }
        if (run != null) {
            try {
                run.process.outputStream.close()
            } catch (e: IOException) {
                // already gone
            }
            val exited = run.process.awaitExit(timing.closeGrace.toMillis())
            if (!exited) {
                log.warn("jetbrains-debugger-mcp: still running ${timing.closeGrace.toMillis()} ms after stdin closed; killing it")
                destroyTree(run.process)
            }
            run.readers.forEach { it.join(500) }
        }
        scheduler.shutdownNow()
    }

    private fun destroyTree(process: Process) {
        val children = process.descendants().toList()
        children.forEach { it.destroy() }
        process.destroy()
        if (!process.awaitExit(1000)) process.destroyForcibly()
        children.filter { it.isAlive }.forEach { it.destroyForcibly() }
    }

    private fun Process.awaitExit(ms: Long): Boolean = try {
        waitFor(ms, TimeUnit.MILLISECONDS)
    } catch (e: InterruptedException) {
        Thread.currentThread().interrupt()
        false
    }

    private inline fun SupervisorListener.safely(call: SupervisorListener.() -> Unit) {
        try {
            call()
        } catch (t: Throwable) {
            log.warn("jetbrains-debugger-mcp: a supervisor listener failed", t)
        }
    }
}
