// The command history as the IDE sees it. The Rust binary owns the history (it records
// every tool call); the tool window only shows it, so these types mirror the bridge's
// `history/list` result and `history/changed` notification (protocol/README.md, "Types")
// and nothing more. Parameters and results stay raw JSON: they are whatever the tool took
// and returned, shown pretty-printed and searched as text.
package dev.jetbrainsdebugger.bridge

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import java.util.concurrent.CompletableFuture

enum class HistoryStatus { SUCCESS, ERROR, PENDING }

data class HistoryEntry(
    val id: Long,
    /** ISO-8601 instant, e.g. `2026-11-22T10:15:02.113Z` (parse with `Instant.parse`). */
    val timestamp: String,
    val tool: String,
    /** The tool's arguments as the agent sent them (usually an object). */
    val parameters: JsonElement,
    val status: HistoryStatus,
    val durationMs: Long,
    /** The tool's structured result; null while pending or on error. */
    val result: JsonElement?,
    /** The tool's JSON error body (`{"error": "<code>", "message": ..., ...}`); null unless it failed. */
    val error: JsonElement?,
    val affectedFiles: List<String>,
) {
    /** The error's `message` (or the whole body as text when it has none), for display. */
    val errorMessage: String?
        get() = error?.let { e ->
            (e as? JsonObject)?.get("message")?.takeIf { it.isJsonPrimitive }?.asString
                ?: if (e.isJsonPrimitive) e.asString else e.toString()
        }
}

/** The settings the server applies (`settings/update`); the IDE persists them. */
data class ServerSettings(
    /** How many calls the history keeps (1 to 10,000). */
    val maxHistorySize: Int = 100,
    /** Skip the confirmation of runs, debug sessions, set_variable and side-effecting evaluate. */
    val braveMode: Boolean = false,
    /** Mask secret-named values and credentials in everything agents see. */
    val hideSecrets: Boolean = true,
    /** More names whose values are secret. */
    val secretNames: List<String> = emptyList(),
    /** Names never masked. */
    val neverSecretNames: List<String> = emptyList(),
)

/** The whole history, oldest first, and how many entries the server keeps at most. */
data class HistoryPage(val entries: List<HistoryEntry>, val capacity: Int)

/** One live change pushed by the server (`history/changed`). */
sealed class HistoryChange {
    data class Added(val entry: HistoryEntry) : HistoryChange()
    data class Updated(val entry: HistoryEntry) : HistoryChange()
    data class Removed(val ids: List<Long>) : HistoryChange()
    object Cleared : HistoryChange() {
        override fun toString() = "Cleared"
    }
}

fun interface HistoryListener {
    /** Called on the bridge's receiving thread; hop to the UI thread yourself. */
    fun historyChanged(change: HistoryChange)
}

/**
 * What the tool window needs from the bridge. Requests fail with
 * [BridgeUnavailableException] while no MCP server is connected; reload with
 * [historyList] whenever the runtime reports a (re)connection, because changes made while
 * disconnected (or by a restarted binary) are not replayed.
 */
interface BridgeHistory {
    fun historyList(): CompletableFuture<HistoryPage>
    fun clearHistory(): CompletableFuture<Unit>
    /**
     * The whole history as the server exports it (`history/export`): [format] is `json` or
     * `csv`; the future carries the file's content.
     */
    fun exportHistory(format: String): CompletableFuture<String>
    /**
     * Remembers the settings and sends them (both fields) now when connected (the future then
     * carries the server's verdict, e.g. a -32602 [RpcException] when out of range) and again
     * after every later handshake, since a restarted binary starts from its defaults. While
     * disconnected the future completes at once.
     */
    fun updateSettings(settings: ServerSettings): CompletableFuture<Unit>
    fun addHistoryListener(listener: HistoryListener)
    fun removeHistoryListener(listener: HistoryListener)
}
