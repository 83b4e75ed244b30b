// Test doubles for the tool window: a host that records what the panels ask of it (and runs
// "UI thread" and "background" work at once, or queues background work when asked to), a
// server whose history and client catalogue the test scripts, and sample history entries
// (also used by ScreenshotsMain).
package dev.jetbrainsdebugger.toolwindow

import com.google.gson.JsonElement
import com.google.gson.JsonParser
import dev.jetbrainsdebugger.bridge.BridgeClients
import dev.jetbrainsdebugger.bridge.BridgeHistory
import dev.jetbrainsdebugger.bridge.BridgeUnavailableException
import dev.jetbrainsdebugger.bridge.ClientConfig
import dev.jetbrainsdebugger.bridge.CodingClient
import dev.jetbrainsdebugger.bridge.HistoryChange
import dev.jetbrainsdebugger.bridge.HistoryEntry
import dev.jetbrainsdebugger.bridge.HistoryListener
import dev.jetbrainsdebugger.bridge.HistoryPage
import dev.jetbrainsdebugger.bridge.HistoryStatus
import dev.jetbrainsdebugger.bridge.InstallOutcome
import dev.jetbrainsdebugger.bridge.ServerSettings
import java.nio.file.Path
import java.time.Instant
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList

data class Notice(val kind: NoticeKind, val title: String, val content: String)

class FakeHost(override val theme: UiTheme = PlainTheme(dark = false)) : UiHost {
    val clipboard = mutableListOf<String>()
    val notices = mutableListOf<Notice>()
    val questions = mutableListOf<String>()
    var answerYes = true
    var exportChoice: Path? = null
    val chooserCalls = mutableListOf<Triple<String, String, List<String>>>()
    /** Background work not run yet when [deferBackground]; run it with [runBackground]. */
    var deferBackground = false
    val background = mutableListOf<() -> Unit>()
    var uiCalls = 0

    override fun copyToClipboard(text: String) { clipboard += text }
    override fun notify(kind: NoticeKind, title: String, content: String) { notices += Notice(kind, title, content) }
    override fun chooseExportFile(title: String, defaultName: String, extensions: List<String>): Path? {
        chooserCalls += Triple(title, defaultName, extensions)
        return exportChoice
    }
    override fun askYesNo(title: String, message: String, yesText: String, noText: String): Boolean {
        questions += message
        return answerYes
    }
    override fun onUiThread(block: () -> Unit) { uiCalls++; block() }
    override fun inBackground(block: () -> Unit) { if (deferBackground) background += block else block() }

    fun runBackground() { while (background.isNotEmpty()) background.removeAt(0)() }
    fun lastNotice(): Notice = notices.last()
}

class FakeHistory : BridgeHistory {
    var entries: List<HistoryEntry> = emptyList()
    var listCalls = 0
    var clearCalls = 0
    val exported = mutableListOf<String>()
    var available = true
    val listeners = CopyOnWriteArrayList<HistoryListener>()

    private fun <T> answer(value: () -> T): CompletableFuture<T> =
        if (available) CompletableFuture.completedFuture(value())
        else CompletableFuture.failedFuture(BridgeUnavailableException("no MCP server is connected"))

    override fun historyList() = answer { listCalls++; HistoryPage(entries, 100) }
    override fun clearHistory() = answer { clearCalls++; entries = emptyList() }
    override fun exportHistory(format: String) = answer { exported += format; "exported as $format" }
    override fun updateSettings(settings: ServerSettings): CompletableFuture<Unit> = CompletableFuture.completedFuture(Unit)
    override fun addHistoryListener(listener: HistoryListener) { listeners += listener }
    override fun removeHistoryListener(listener: HistoryListener) { listeners -= listener }

    /** Pushes a change as the bridge would (the test's thread plays the bridge's). */
    fun push(change: HistoryChange) {
        entries = when (change) {
            is HistoryChange.Added -> entries + change.entry
            is HistoryChange.Updated -> entries.map { if (it.id == change.entry.id) change.entry else it }
            is HistoryChange.Removed -> entries.filterNot { it.id in change.ids }
            HistoryChange.Cleared -> emptyList()
        }
        listeners.forEach { it.historyChanged(change) }
    }
}

class FakeClients : BridgeClients {
    var catalogue: List<CodingClient> = Samples.clients()
    var available = true
    var outcome: (String) -> InstallOutcome = { id -> InstallOutcome(id, true, "claude mcp add ...", "Claude Code now uses jetbrains-debugger.", "") }
    val installed = mutableListOf<String>()
    val installThreads = mutableListOf<String>()

    /** When set, clients/list answers with this future (complete it to answer late). */
    var listAnswer: CompletableFuture<List<CodingClient>>? = null

    override fun clientsList(): CompletableFuture<List<CodingClient>> =
        listAnswer ?: if (available) CompletableFuture.completedFuture(catalogue)
        else CompletableFuture.failedFuture(BridgeUnavailableException("no MCP server is connected"))

    override fun installClient(id: String, withSkill: Boolean): CompletableFuture<InstallOutcome> {
        installed += if (withSkill) "$id with skill" else id
        installThreads += Thread.currentThread().name
        return if (available) CompletableFuture.completedFuture(outcome(id))
        else CompletableFuture.failedFuture(BridgeUnavailableException("no MCP server is connected"))
    }
}

class FakeServer(initial: ServerState = ServerState.Running(Samples.URL)) : ServerControl {
    var current: ServerState = initial
    val listeners = CopyOnWriteArrayList<(ServerState) -> Unit>()
    var restarts = 0
    override val history = FakeHistory()
    override val clients = FakeClients()

    override fun state() = current
    override fun addStateListener(listener: (ServerState) -> Unit) { listeners += listener }
    override fun removeStateListener(listener: (ServerState) -> Unit) { listeners -= listener }
    override fun restart() { restarts++ }

    fun change(next: ServerState) {
        current = next
        listeners.forEach { it(next) }
    }
}

object Samples {
    const val URL = "http://127.0.0.1:47823/mcp"
    private val start = Instant.parse("2026-11-24T14:32:00Z")

    fun json(text: String): JsonElement = JsonParser.parseString(text)

    fun entry(
        id: Long,
        tool: String,
        status: HistoryStatus = HistoryStatus.SUCCESS,
        parameters: String = "{}",
        result: String? = if (status == HistoryStatus.SUCCESS) "{\"ok\":true}" else null,
        error: String? = if (status == HistoryStatus.ERROR) "{\"error\":\"failed\",\"message\":\"it failed\"}" else null,
        files: List<String> = emptyList(),
        durationMs: Long = if (status == HistoryStatus.PENDING) 0 else 12,
    ) = HistoryEntry(
        id = id,
        timestamp = start.plusSeconds(id * 5).toString(),
        tool = tool,
        parameters = json(parameters),
        status = status,
        durationMs = durationMs,
        result = result?.let(::json),
        error = error?.let(::json),
        affectedFiles = files,
    )

    /** A realistic session: twelve calls, successes, two errors, the last one pending. */
    fun session(): List<HistoryEntry> = listOf(
        entry(1, "list_run_configurations", result = """{"configurations":[{"name":"Main","type":"Application"},{"name":"All tests","type":"JUnit"}]}"""),
        entry(2, "set_breakpoint", parameters = """{"file_path":"/src/Main.java","line":42}""", result = """{"breakpoint_id":"bp_123","verified":true}""", files = listOf("/src/Main.java")),
        entry(3, "set_breakpoint", parameters = """{"file_path":"/src/Order.java","line":7,"condition":"total > 100"}""", result = """{"breakpoint_id":"bp_124","verified":true}""", files = listOf("/src/Order.java")),
        entry(4, "start_debug_session", parameters = """{"configuration_name":"Main"}""", result = """{"session_id":"s1","state":"running"}""", durationMs = 830),
        entry(5, "get_debug_session_status", parameters = """{"session_id":"s1"}""", result = """{"state":"paused","reason":"breakpoint","file":"/src/Main.java","line":42}"""),
        entry(6, "get_stack_trace", parameters = """{"session_id":"s1"}""", result = """{"frames":[{"name":"main","file":"/src/Main.java","line":42},{"name":"run","file":"/src/App.java","line":12}]}"""),
        entry(7, "get_variables", parameters = """{"session_id":"s1","frame":0}""", result = """{"variables":[{"name":"order","type":"Order","value":"Order#17"},{"name":"total","type":"int","value":"250"}]}"""),
        entry(8, "evaluate", HistoryStatus.ERROR, parameters = """{"session_id":"s1","expression":"order.customer.name"}""",
            error = """{"error":"evaluation_failed","message":"NullPointerException: order.customer is null"}""", durationMs = 140),
        entry(9, "step_over", parameters = """{"session_id":"s1"}""", result = """{"state":"paused","line":43}"""),
        entry(10, "set_variable", HistoryStatus.ERROR, parameters = """{"session_id":"s1","name":"total","value":"\"abc\""}""",
            error = """{"error":"invalid_value","message":"cannot assign a String to int total"}"""),
        entry(11, "evaluate", parameters = """{"session_id":"s1","expression":"order.items.size()"}""", result = """{"value":"3","type":"int"}"""),
        entry(12, "resume", HistoryStatus.PENDING, parameters = """{"session_id":"s1"}"""),
    )

    fun clients(): List<CodingClient> {
        fun client(id: String, name: String, command: String?, format: String, text: String, location: String, hint: String? = null, skill: String? = null) =
            CodingClient(id, name, command, ClientConfig(format, text, location, hint), skill)
        val json = """{"mcpServers":{"jetbrains-debugger":{"url":"$URL"}}}"""
        return listOf(
            client("claude-code", "Claude Code (CLI)", "claude mcp add --transport http --scope user jetbrains-debugger $URL", "shell",
                "claude mcp add --transport http --scope user jetbrains-debugger $URL", "a terminal",
                skill = "~/.claude/skills/jetbrains-debugger/SKILL.md"),
            client("claude-desktop", "Claude Desktop", null, "json", json, "~/.config/Claude/claude_desktop_config.json", "Restart Claude Desktop afterwards."),
            client("cursor", "Cursor", null, "json", json, "~/.cursor/mcp.json (all projects) or .cursor/mcp.json (this project)"),
            client("vscode", "VS Code (Generic MCP)", null, "json", """{"servers":{"jetbrains-debugger":{"type":"http","url":"$URL"}}}""", ".vscode/mcp.json"),
            client("windsurf", "Windsurf", null, "json", """{"mcpServers":{"jetbrains-debugger":{"serverUrl":"$URL"}}}""", "~/.codeium/windsurf/mcp_config.json"),
            client("codex", "Codex CLI", "codex mcp add jetbrains-debugger --url $URL", "toml", "[mcp_servers.jetbrains-debugger]\nurl = \"$URL\"", "~/.codex/config.toml"),
            client("gemini", "Gemini CLI", "gemini mcp add --transport http --scope user jetbrains-debugger $URL", "json",
                """{"mcpServers":{"jetbrains-debugger":{"httpUrl":"$URL"}}}""", "~/.gemini/settings.json"),
        )
    }
}
