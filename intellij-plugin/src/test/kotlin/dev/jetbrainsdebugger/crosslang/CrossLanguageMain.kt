// The plugin's bridge code without IntelliJ, as a process the cross-language (Python) test
// drives: it starts a real BridgeRuntime (which starts the real Rust binary and connects
// to its bridge) over RecordingIde, prints `{"mcp_url": ...}` once connected, then answers
// one JSON line per command line on stdin. stdout carries only those lines; logs go to
// stderr. Run with the classpath in intellij-plugin/build/kotlin/test-classpath.txt:
//
//   java -cp "$(cat build/kotlin/test-classpath.txt)" \
//       dev.jetbrainsdebugger.crosslang.CrossLanguageMainKt <binary> <project path> <mcp port|0>
//
// Commands (one per line) and their answers:
//   calls                   [{"method": "launch", "args": {...}}, ...] every facade call so far
//   reset                   {"ok": true}, forgets the recorded calls
//   drop                    {"dropped": true}; the runtime reconnects by itself after its back-off
//   confirm deny|approve|session
//                           {"confirm": ...}, the answer of later ui/confirm calls (session:
//                           allow for the debug session)
//   status                  {"status": "connected", "mcp_url": ...} | {"status": "starting"}
//                           | {"status": "restarting"|"failed", "reason": ...}
//   wait-connected [ms]     like status, once connected (default 15000 ms) or on timeout
//   history                 {"entries": [...], "capacity": N} via the bridge's history/list
//   history-clear           {"cleared": true} via history/clear
//   settings <n> [brave]    {"ok": true} via settings/update (max_history_size, brave_mode)
//   export json|csv         {"content": "..."} via history/export
//   clients                 {"clients": [...]} via clients/list
//   install <client> [skill] the clients/install outcome {"client", "ok", "command", ...}
//                           (with `skill`: skill: true, the agent skill written too)
//   quit                    {"quit": true}, then closes everything and exits 0 (stdin EOF too)
// A command that fails answers {"error": "..."}.
package dev.jetbrainsdebugger.crosslang

import com.google.gson.JsonArray
import com.google.gson.JsonElement
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.ServerSettings
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.bridge.BridgeLog
import dev.jetbrainsdebugger.launcher.BridgeRuntime
import dev.jetbrainsdebugger.launcher.LaunchOptions
import dev.jetbrainsdebugger.launcher.RuntimeStatus
import java.nio.file.Path
import java.time.Instant
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

private object StderrLog : BridgeLog {
    private fun line(level: String, message: String, t: Throwable?) {
        System.err.println("${Instant.now()} $level crosslang: $message${if (t != null) " ($t)" else ""}")
    }
    override fun info(message: String) = line("INFO", message, null)
    override fun warn(message: String, t: Throwable?) = line("WARN", message, t)
    override fun error(message: String, t: Throwable?) = line("ERROR", message, t)
}

private fun reply(json: JsonElement) = HarnessLines.reply(json)

private fun statusJson(s: RuntimeStatus): JsonElement = when (s) {
    RuntimeStatus.Starting -> Json.obj("status" to "starting")
    is RuntimeStatus.Connected -> Json.obj("status" to "connected", "mcp_url" to s.mcpUrl)
    is RuntimeStatus.Restarting -> Json.obj("status" to "restarting", "reason" to s.reason)
    is RuntimeStatus.Failed -> Json.obj("status" to "failed", "reason" to s.reason)
}

private fun waitConnected(runtime: BridgeRuntime, timeoutMs: Long): RuntimeStatus {
    val deadline = System.currentTimeMillis() + timeoutMs
    while (true) {
        val s = runtime.status()
        if (s is RuntimeStatus.Connected || s is RuntimeStatus.Failed || System.currentTimeMillis() >= deadline) return s
        Thread.sleep(20)
    }
}

private fun <T> CompletableFuture<T>.result(seconds: Long = 15): T = get(seconds, TimeUnit.SECONDS)

/** The answers `confirm <word>` sets. */
private val confirmAnswers = mapOf(
    "deny" to ConfirmDecision.DENY,
    "approve" to ConfirmDecision.ALLOW_ONCE,
    "session" to ConfirmDecision.ALLOW_SESSION,
)

fun main(args: Array<String>) {
    if (args.size != 3 || args[2].toIntOrNull() == null) {
        System.err.println("usage: CrossLanguageMain <binary> <project path> <mcp port, 0 for any>")
        exitProcess(2)
    }
    val ide = RecordingIde(args[1])
    val runtime = BridgeRuntime(ide, Path.of(args[0]), "0.1.0-crosslang", StderrLog, LaunchOptions(mcpPort = args[2].toInt()))
    runtime.start()
    val first = waitConnected(runtime, 60_000)
    if (first !is RuntimeStatus.Connected) {
        reply(Json.obj("error" to "not connected: $first"))
        runtime.close()
        exitProcess(1)
    }
    reply(Json.obj("mcp_url" to first.mcpUrl))

    HarnessLines.serve { words, line ->
        when (words[0]) {
            "calls" -> reply(JsonArray().also { a -> ide.calls().forEach { a.add(Json.obj("method" to it.method, "args" to it.args)) } })
            "reset" -> {
                ide.clearCalls()
                reply(Json.obj("ok" to true))
            }
            "drop" -> {
                runtime.dropBridgeConnection()
                reply(Json.obj("dropped" to true))
            }
            "confirm" -> when (val answer = confirmAnswers[words.getOrNull(1)]) {
                null -> reply(Json.obj("error" to "usage: confirm deny|approve|session"))
                else -> {
                    ide.decision = answer
                    reply(Json.obj("confirm" to words[1]))
                }
            }
            "status" -> reply(statusJson(runtime.status()))
            "wait-connected" -> reply(statusJson(waitConnected(runtime, words.getOrNull(1)?.toLongOrNull() ?: 15_000)))
            "history" -> {
                val page = runtime.history.historyList().result()
                reply(Json.obj("entries" to page.entries, "capacity" to page.capacity))
            }
            "history-clear" -> {
                runtime.history.clearHistory().result()
                reply(Json.obj("cleared" to true))
            }
            "settings" -> {
                val n = words.getOrNull(1)?.toIntOrNull()
                if (n == null) reply(Json.obj("error" to "usage: settings <max history size> [brave]")) else {
                    runtime.history.updateSettings(ServerSettings(n, braveMode = words.getOrNull(2) == "brave")).result()
                    reply(Json.obj("ok" to true))
                }
            }
            "export" -> reply(Json.obj("content" to runtime.history.exportHistory(words.getOrNull(1) ?: "json").result()))
            "clients" -> reply(Json.obj("clients" to runtime.clients.clientsList().result()))
            "install" -> reply(Json.tree(runtime.clients.installClient(words.getOrNull(1) ?: "", words.getOrNull(2) == "skill").result(100)))
            else -> reply(Json.obj("error" to "unknown command: $line"))
        }
    }
    runtime.close()
    ide.close()
    exitProcess(0)
}
