// BinarySupervisor against a fake binary: a POSIX shell script that behaves as its plan
// file says for each start (serve until stdin EOF, crash, exit before ready, never get
// ready, ignore stdin EOF). It checks that the token is in its environment and not in its
// argv, and reports its argv, token, allowed origins and child pids on stderr for the assertions.
package dev.jetbrainsdebugger.launcher

import dev.jetbrainsdebugger.RecordingLog
import dev.jetbrainsdebugger.eventually
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.PosixFilePermissions
import java.time.Duration
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue
import kotlin.test.fail

class BinarySupervisorTest {
    companion object {
        fun fakeBinary(dir: Path, vararg plan: String): Path {
            Files.writeString(dir.resolve("plan"), plan.joinToString("\n") + "\n")
            val bin = dir.resolve("jetbrains-debugger-mcp")
            Files.writeString(bin, SCRIPT)
            Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwx------"))
            return bin
        }

        val SCRIPT = """
            #!/bin/sh
            # Fake jetbrains-debugger-mcp for BinarySupervisorTest; behaves per line N of ./plan on start N.
            dir="${'$'}(dirname "${'$'}0")"
            n=${'$'}(cat "${'$'}dir/count" 2>/dev/null || echo 0); n=${'$'}((n + 1)); echo ${'$'}n > "${'$'}dir/count"
            mode=${'$'}(sed -n "${'$'}{n}p" "${'$'}dir/plan"); [ -n "${'$'}mode" ] || mode=${'$'}(tail -n 1 "${'$'}dir/plan")
            echo "argv: ${'$'}*" >&2
            echo "pid: ${'$'}${'$'}" >&2
            [ -n "${'$'}JETBRAINS_DEBUGGER_BRIDGE_TOKEN" ] || { echo "no token in the environment" >&2; exit 3; }
            case "${'$'}*" in *"${'$'}JETBRAINS_DEBUGGER_BRIDGE_TOKEN"*) echo "token in argv" >&2; exit 4;; esac
            echo "token: ${'$'}JETBRAINS_DEBUGGER_BRIDGE_TOKEN" >&2
            echo "origins: ${'$'}{JETBRAINS_DEBUGGER_ALLOW_ORIGINS-(unset)}" >&2
            ready() { printf '{"ready":{"protocol_version":1,"bridge_port":%d,"mcp_port":%s,"mcp_url":"http://127.0.0.1:%s/mcp"}}\n' ${'$'}((40000 + n)) "${'$'}6" "${'$'}6"; }
            case "${'$'}mode" in
              serve) ready "${'$'}@"; printf '\033[2mT\033[0m \033[31mERROR\033[0m coloured\n' >&2; cat > /dev/null; echo "stdin closed" >&2; exit 0 ;;
              crash) ready "${'$'}@"; echo "boom" >&2; exit 1 ;;
              slowcrash) ready "${'$'}@"; sleep 0.6; echo "boom later" >&2; exit 1 ;;
              early) echo "error: cannot bind 127.0.0.1:${'$'}6" >&2; exit 2 ;;
              silent) sleep 30 & echo "child: ${'$'}!" >&2; wait ;;
              stubborn) ready "${'$'}@"; sleep 30 & echo "child: ${'$'}!" >&2; wait ;;
            esac
        """.trimIndent() + "\n"

        private const val PORT = 47999
    }

    private class Events : SupervisorListener {
        val queue = LinkedBlockingQueue<String>()
        val tokens = LinkedBlockingQueue<String>()
        override fun starting(attempt: Int) {
            queue += "starting $attempt"
        }
        override fun ready(ready: ReadyInfo, token: String) {
            tokens += token
            queue += "ready ${ready.bridgePort} ${ready.mcpUrl}"
        }
        override fun stopped(reason: String, restartIn: Duration) {
            queue += "stopped ${restartIn.toMillis()} $reason"
        }
        override fun failed(reason: String) {
            queue += "failed $reason"
        }

        fun next(prefix: String, timeoutMs: Long = 5000): String {
            val deadline = System.currentTimeMillis() + timeoutMs
            while (true) {
                val left = deadline - System.currentTimeMillis()
                val e = queue.poll(maxOf(left, 0), TimeUnit.MILLISECONDS) ?: fail("no '$prefix' event within $timeoutMs ms")
                if (e.startsWith(prefix)) return e
                if (e.startsWith("failed")) fail("expected '$prefix', got '$e'")
            }
        }
    }

    private val fast = SupervisorTiming(
        readyTimeout = Duration.ofSeconds(5),
        initialBackoff = Duration.ofMillis(100),
        maxBackoff = Duration.ofMillis(300),
        stableAfter = Duration.ofSeconds(10),
        closeGrace = Duration.ofSeconds(3),
    )

    private fun childPids(log: RecordingLog): List<Long> =
        log.lines.mapNotNull { Regex("child: (\\d+)").find(it)?.groupValues?.get(1)?.toLong() }.distinct()

    private fun alive(pid: Long) = ProcessHandle.of(pid).map { it.isAlive }.orElse(false)

    @Test
    fun passes_the_token_in_the_environment_only_reads_ready_and_exits_on_stdin_eof(@TempDir dir: Path) {
        val log = RecordingLog()
        val events = Events()
        val sup = BinarySupervisor(fakeBinary(dir, "serve"), LaunchOptions(PORT), log, events, fast)
        sup.start()
        assertEquals("ready 40001 http://127.0.0.1:$PORT/mcp", events.next("ready"))
        val token = events.tokens.take()
        assertTrue(Regex("[0-9a-f]{64}").matches(token), token)
        eventually(what = "argv and token lines") { log.contains("token: $token") }
        assertTrue(log.contains("argv: serve --ide-managed --bridge-port 0 --port $PORT"), log.lines.toString())
        eventually(what = "the origins line") { log.contains("mcp: origins: (unset)") }
        eventually(what = "the coloured line") { log.contains("WARN jetbrains-debugger-mcp: T ERROR coloured") }
        sup.close()
        assertTrue(log.contains("stdin closed"), "the binary saw EOF and exited by itself: ${log.lines}")
        assertFalse(log.contains("killing it"))
        assertTrue(events.queue.none { it.startsWith("stopped") }, "no restart after close: ${events.queue}")
    }

    @Test
    fun passes_the_allowed_origins_in_the_environment_comma_separated(@TempDir dir: Path) {
        val log = RecordingLog()
        val events = Events()
        val options = LaunchOptions(PORT, listOf("http://localhost:5173", "https://app.example:443"))
        val sup = BinarySupervisor(fakeBinary(dir, "serve"), options, log, events, fast)
        try {
            sup.start()
            events.next("ready")
            eventually(what = "the origins line") { log.contains("mcp: origins: ") }
            assertTrue(log.contains("mcp: origins: http://localhost:5173,https://app.example:443"), log.lines.toString())
            assertTrue(log.lines.any { "argv: serve --ide-managed --bridge-port 0 --port $PORT" in it && it.endsWith("$PORT") }, "argv unchanged")
            assertTrue(log.contains("allowed browser origins: http://localhost:5173, https://app.example:443"), log.lines.toString())
        } finally {
            sup.close()
        }
    }

    @Test
    fun launch_options_refuse_an_origin_the_variable_would_split() {
        for (bad in listOf("http://a.example,http://b.example", "", " http://a.example")) {
            val e = kotlin.test.assertFailsWith<IllegalArgumentException> { LaunchOptions(PORT, listOf(bad)) }
            assertTrue("'$bad'" in e.message!!, e.message)
        }
    }

    @Test
    fun restarts_a_dying_binary_with_doubling_back_off_and_a_new_token(@TempDir dir: Path) {
        val events = Events()
        val sup = BinarySupervisor(fakeBinary(dir, "crash", "crash", "crash", "serve"), LaunchOptions(PORT), RecordingLog(), events, fast)
        try {
            sup.start()
            val delays = (1..3).map {
                events.next("ready")
                val stopped = events.next("stopped")
                assertTrue("exited with code 1 (boom)" in stopped, stopped)
                stopped.split(" ")[1].toLong()
            }
            assertEquals(listOf(100L, 200L, 300L), delays, "1x, 2x, then capped")
            assertEquals("ready 40004 http://127.0.0.1:$PORT/mcp", events.next("ready"))
            val tokens = events.tokens.toList()
            assertEquals(4, tokens.toSet().size, "a fresh token per start")
        } finally {
            sup.close()
        }
    }

    @Test
    fun a_run_longer_than_stable_after_resets_the_back_off(@TempDir dir: Path) {
        val events = Events()
        val timing = fast.copy(stableAfter = Duration.ofMillis(400))
        val sup = BinarySupervisor(fakeBinary(dir, "crash", "slowcrash", "crash", "serve"), LaunchOptions(PORT), RecordingLog(), events, timing)
        try {
            sup.start()
            val delays = (1..3).map { events.next("stopped").split(" ")[1].toLong() }
            assertEquals(listOf(100L, 100L, 200L), delays)
        } finally {
            sup.close()
        }
    }

    @Test
    fun an_exit_before_ready_is_reported_with_the_last_stderr_line(@TempDir dir: Path) {
        val events = Events()
        val sup = BinarySupervisor(fakeBinary(dir, "early", "serve"), LaunchOptions(PORT), RecordingLog(), events, fast)
        try {
            sup.start()
            val stopped = events.next("stopped")
            assertTrue("exited with code 2 before it was ready (error: cannot bind 127.0.0.1:$PORT)" in stopped, stopped)
            events.next("ready")
        } finally {
            sup.close()
        }
    }

    @Test
    fun no_ready_line_in_time_stops_the_process_tree_and_restarts(@TempDir dir: Path) {
        val log = RecordingLog()
        val events = Events()
        val sup = BinarySupervisor(fakeBinary(dir, "silent", "serve"), LaunchOptions(PORT), log, events, fast.copy(readyTimeout = Duration.ofMillis(500)))
        try {
            sup.start()
            val stopped = events.next("stopped")
            assertTrue("did not report ready within 500 ms" in stopped, stopped)
            val child = childPids(log).single()
            eventually(what = "the child to die") { !alive(child) }
            events.next("ready")
        } finally {
            sup.close()
        }
    }

    @Test
    fun close_kills_a_binary_that_ignores_stdin_eof_with_its_children(@TempDir dir: Path) {
        val log = RecordingLog()
        val events = Events()
        val sup = BinarySupervisor(fakeBinary(dir, "stubborn"), LaunchOptions(PORT), log, events, fast.copy(closeGrace = Duration.ofMillis(300)))
        sup.start()
        events.next("ready")
        eventually(what = "the child pid") { childPids(log).isNotEmpty() }
        val child = childPids(log).single()
        val started = System.nanoTime()
        sup.close()
        val tookMs = (System.nanoTime() - started) / 1_000_000
        assertTrue(tookMs in 250..3000, "close waited the grace period, then killed: $tookMs ms")
        assertTrue(log.contains("killing it"))
        eventually(what = "the child to die") { !alive(child) }
    }

    @Test
    fun a_binary_that_cannot_start_fails_naming_it(@TempDir dir: Path) {
        val events = Events()
        val missing = dir.resolve("bin/linux-x64/jetbrains-debugger-mcp")
        val sup = BinarySupervisor(missing, LaunchOptions(PORT), RecordingLog(), events, fast)
        try {
            sup.start()
            val failed = events.next("failed")
            assertTrue(missing.toString() in failed, failed)
        } finally {
            sup.close()
        }
    }

    @Test
    fun the_ready_line_parser() {
        assertEquals(
            ReadyInfo(1, 40123, 47823, "http://127.0.0.1:47823/mcp"),
            BinarySupervisor.parseReady("""{"ready":{"protocol_version":1,"bridge_port":40123,"mcp_port":47823,"mcp_url":"http://127.0.0.1:47823/mcp"}}"""),
        )
        assertEquals(null, BinarySupervisor.parseReady("2026-01-01 INFO listening"))
        assertEquals(null, BinarySupervisor.parseReady("""{"ready":{"bridge_port":"x"}}"""))
        assertNotEquals(BinarySupervisor.newToken(), BinarySupervisor.newToken())
    }
}
