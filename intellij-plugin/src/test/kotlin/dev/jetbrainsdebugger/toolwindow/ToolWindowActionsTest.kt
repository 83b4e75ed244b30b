// The tool window's actions and status row, headless: export (format by extension, a
// cancelled chooser), clear with its question, the server states with their texts, colours
// and Restart, the install popup's outcomes, the copied configurations and the rule.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.InstallOutcome
import dev.jetbrainsdebugger.launcher.BinaryNotFoundException
import dev.jetbrainsdebugger.launcher.RuntimeStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import javax.swing.JLabel
import javax.swing.JMenuItem
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

class ToolWindowActionsTest {
    private val host = FakeHost()
    private val server = FakeServer().apply { history.entries = Samples.session() }
    private val settings = PluginSettings()

    private fun panel(state: ServerState = server.current): DebuggerToolWindowPanel {
        server.current = state
        return DebuggerToolWindowPanel(host, server, { settings }, HistoryFilter(), "shop")
    }
    private fun DebuggerToolWindowPanel.action(id: String) = toolbarActions.first { it.id == id }

    @Test
    fun toolbar_actions_in_order() {
        val p = panel()
        assertEquals(listOf("Refresh", "Copy URL", "Clear History", "Export History"), p.toolbarActions.map { it.text })
        assertEquals(listOf(ThemeIcon.REFRESH, ThemeIcon.COPY, ThemeIcon.CLEAR, ThemeIcon.EXPORT), p.toolbarActions.map { it.icon })
        assertTrue(p.toolbarActions.all { it.isEnabled() })
        p.showState(ServerState.Starting)
        assertEquals(listOf(true, false, false, false), p.toolbarActions.map { it.isEnabled() })
    }

    @Test
    fun export_as_json_csv_or_a_session_log_by_extension_written_in_the_background(@TempDir dir: Path) {
        val p = panel()
        host.deferBackground = true
        host.exportChoice = dir.resolve("calls.CSV")
        p.action("exportHistory").perform(null)
        assertEquals(Triple("Export History", "jetbrains-debugger-history.json", listOf("json", "csv", "md")), host.chooserCalls.single())
        assertFalse(Files.exists(dir.resolve("calls.CSV")), "not written on the UI thread")
        host.runBackground()
        assertEquals("exported as csv", Files.readString(dir.resolve("calls.CSV")))
        assertEquals(NoticeKind.INFO, host.lastNotice().kind)
        assertTrue(dir.resolve("calls.CSV").toString() in host.lastNotice().content)

        host.exportChoice = dir.resolve("calls.json")
        p.action("exportHistory").perform(null)
        host.runBackground()
        assertEquals("exported as json", Files.readString(dir.resolve("calls.json")))

        host.exportChoice = dir.resolve("calls")
        p.action("exportHistory").perform(null)
        host.runBackground()
        assertEquals("exported as json", Files.readString(dir.resolve("calls.json")), "no extension: JSON, .json added")

        host.exportChoice = dir.resolve("session.md")
        p.action("exportHistory").perform(null)
        host.runBackground()
        assertEquals("exported as markdown", Files.readString(dir.resolve("session.md")))
        assertEquals(listOf("csv", "json", "json", "markdown"), server.history.exported)
    }

    @Test
    fun a_cancelled_chooser_exports_nothing_and_a_failure_is_reported(@TempDir dir: Path) {
        val p = panel()
        host.exportChoice = null
        p.action("exportHistory").perform(null)
        assertTrue(server.history.exported.isEmpty())
        assertTrue(host.notices.isEmpty())
        host.exportChoice = dir.resolve("missing-dir/calls.json")
        p.action("exportHistory").perform(null)
        assertEquals(NoticeKind.ERROR, host.lastNotice().kind)
        assertTrue("Cannot write" in host.lastNotice().content)
        server.history.available = false
        p.action("exportHistory").perform(null)
        assertEquals(Notice(NoticeKind.ERROR, "Could not export the history", "no MCP server is connected"), host.lastNotice())
    }

    @Test
    fun clear_asks_first() {
        val p = panel()
        host.answerYes = false
        p.action("clearHistory").perform(null)
        assertEquals("Clear all 12 recorded calls from the history? This cannot be undone.", host.questions.single())
        assertEquals(0, server.history.clearCalls)
        assertEquals(12, p.model.size)
        host.answerYes = true
        p.action("clearHistory").perform(null)
        assertEquals(1, server.history.clearCalls)
        assertEquals(0, p.model.size)
        assertEquals(DebuggerToolWindowPanel.CARD_EMPTY, p.visibleCard)
    }

    @Test
    fun running_state_shows_the_url_to_copy_and_the_project() {
        val p = panel()
        assertEquals("MCP Server Running", p.status.title.text)
        assertEquals(ThemeColor.STATUS_RUNNING, p.status.view?.color)
        assertEquals(Samples.URL, p.status.url.text)
        assertEquals("Project: shop", p.status.project.text)
        assertFalse(p.status.detail.isVisible)
        p.status.url.click()
        assertEquals(listOf(Samples.URL), host.clipboard)
        assertEquals("MCP server URL copied", host.lastNotice().title)
        p.action("copyUrl").perform(null)
        assertEquals(listOf(Samples.URL, Samples.URL), host.clipboard)
    }

    @Test
    fun starting_and_restarting_are_pending() {
        val p = panel(ServerState.Starting)
        assertEquals("MCP Server Starting…", p.status.title.text)
        assertEquals(ThemeColor.STATUS_PENDING, p.status.view?.color)
        assertEquals(0, server.history.listCalls, "no history while starting")
        server.change(ServerState.Restarting("lost the connection; reconnecting"))
        assertEquals("MCP Server Restarting…", p.status.title.text)
        assertEquals(ThemeColor.STATUS_PENDING, p.status.view?.color)
        assertTrue("lost the connection" in p.status.detail.text)
    }

    @Test
    fun each_stopped_problem_says_why_and_offers_restart() {
        val cases = mapOf(
            ServerProblem.BINARY_MISSING to "has no MCP server binary for this system",
            ServerProblem.CRASHED to "The MCP server crashed. Restart it",
            ServerProblem.PORT_TAKEN to "Port 47823 is used by another program. Close that program, or choose another port",
            ServerProblem.OTHER to "The MCP server stopped.",
        )
        for ((problem, text) in cases) {
            val p = panel(ServerState.Stopped(problem, "boom"))
            assertEquals("MCP Server Stopped", p.status.title.text)
            assertEquals(ThemeColor.STATUS_ERROR, p.status.view?.color)
            assertFalse(p.status.detail.isVisible, "the reason is shown in place of the history")
            assertTrue(text in p.notRunningText.text, "$problem: ${p.notRunningText.text}")
            assertTrue("Details: boom" in p.notRunningText.text, p.notRunningText.text)
            assertEquals(DebuggerToolWindowPanel.CARD_NOT_RUNNING, p.visibleCard)
            assertTrue(p.status.restart.parent != null, "Restart is shown")
        }
        val before = server.restarts
        panel(ServerState.Stopped(ServerProblem.CRASHED, "x")).status.restart.click()
        assertEquals(before + 1, server.restarts)
    }

    @Test
    fun launcher_statuses_map_to_states_with_a_classified_problem() {
        assertEquals(ServerState.Starting, ServerStates.of(RuntimeStatus.Starting))
        assertEquals(ServerState.Running(Samples.URL), ServerStates.of(RuntimeStatus.Connected(Samples.URL)))
        assertEquals(ServerState.Restarting("x; restarting in 1 s"), ServerStates.of(RuntimeStatus.Restarting("x; restarting in 1 s")))
        val taken = "the MCP server exited with code 1 before it was ready (Error: Address already in use (os error 98)); restarting in 2 s"
        assertEquals(ServerState.Stopped(ServerProblem.PORT_TAKEN, taken), ServerStates.of(RuntimeStatus.Restarting(taken)))
        assertEquals(ServerProblem.BINARY_MISSING,
            (ServerStates.of(RuntimeStatus.Failed("cannot start /opt/x/jetbrains-debugger-mcp: error=2, No such file")) as ServerState.Stopped).problem)
        assertEquals(ServerProblem.CRASHED, ServerStates.problemOf("the MCP server did not report ready within 10000 ms"))
        assertEquals(ServerProblem.BINARY_MISSING,
            ServerStates.problemOf("cannot tell where the plugin is installed (set -Djetbrains.debugger.plugin.dir or -Djetbrains.debugger.mcp.binary)"))
        assertEquals(ServerProblem.OTHER, ServerStates.problemOf("protocol version 3 is not supported"))
        assertEquals(ServerState.Stopped(ServerProblem.BINARY_MISSING, "no jetbrains-debugger-mcp binary is bundled for the OS 'Plan 9'"),
            ServerStates.ofStartFailure(BinaryNotFoundException("no jetbrains-debugger-mcp binary is bundled for the OS 'Plan 9'")))
        assertEquals(ServerProblem.OTHER, (ServerStates.ofStartFailure(IllegalStateException("odd")) as ServerState.Stopped).problem)
    }

    private fun menuTexts(popup: InstallPopup) = popup.components.map {
        when (it) {
            is JMenuItem -> it.text
            is JLabel -> it.text
            else -> "---"
        }
    }

    @Test
    fun install_popup_lists_install_now_then_copy_configuration() {
        val p = panel()
        p.showInstallPopup(p.installButton)
        val texts = menuTexts(p.installPopup)
        assertEquals(listOf("Install on Coding Agents", "---", "INSTALL NOW"), texts.take(3))
        assertEquals(3, texts.count { "Run installation command" in it }, "claude-code, codex, gemini have a command")
        val withSkill = texts.filter { "+ agent skill" in it }
        assertEquals(1, withSkill.size, "only the sample claude-code has a skill location")
        assertTrue("Claude Code (CLI) + agent skill" in withSkill[0] && "Also write the debugging skill" in withSkill[0], withSkill[0])
        assertTrue("Claude Code (CLI)<br>" in texts[texts.indexOf(withSkill[0]) - 1], "right after its plain install")
        val copyAt = texts.indexOf("COPY CONFIGURATION")
        assertEquals("---", texts[copyAt - 1])
        assertEquals(Samples.clients().map { it.name }, texts.drop(copyAt + 1))
    }

    @Test
    fun install_popup_says_loading_until_the_catalogue_arrives() {
        val p = panel()
        val late = java.util.concurrent.CompletableFuture<List<dev.jetbrainsdebugger.bridge.CodingClient>>()
        server.clients.listAnswer = late
        p.showInstallPopup(p.installButton)
        assertEquals("Loading…", menuTexts(p.installPopup).last())
        late.complete(Samples.clients().take(2))
        assertEquals(listOf("Install on Coding Agents", "---", "INSTALL NOW"), menuTexts(p.installPopup).take(3))
        assertEquals("Claude Desktop", menuTexts(p.installPopup).last())
    }

    @Test
    fun install_popup_when_the_server_is_not_running() {
        val p = panel(ServerState.Stopped(ServerProblem.CRASHED, "x"))
        p.showInstallPopup(p.installButton)
        assertEquals("Server not running: start it first", menuTexts(p.installPopup).last())
        val q = panel(ServerState.Running(Samples.URL))
        server.clients.available = false
        q.showInstallPopup(q.installButton)
        assertTrue(menuTexts(q.installPopup).last().startsWith("Server not running"))
    }

    private fun clickInstall(p: DebuggerToolWindowPanel, index: Int = 0) {
        p.showInstallPopup(p.installButton)
        p.installPopup.components.filterIsInstance<JMenuItem>().filter { "Run installation command" in it.text }[index].doClick()
    }

    @Test
    fun install_now_runs_off_the_ui_thread_and_notifies_success() {
        val p = panel()
        host.deferBackground = true
        clickInstall(p)
        assertTrue(server.clients.installed.isEmpty(), "nothing runs on the UI thread")
        host.runBackground()
        assertEquals(listOf("claude-code"), server.clients.installed)
        assertEquals(Notice(NoticeKind.INFO, "Installed on Claude Code (CLI)", "Claude Code now uses jetbrains-debugger."), host.lastNotice())
    }

    @Test
    fun install_with_the_skill_asks_the_server_for_it() {
        val p = panel()
        p.showInstallPopup(p.installButton)
        val item = p.installPopup.components.filterIsInstance<JMenuItem>().single { "+ agent skill" in it.text }
        assertEquals(
            "claude mcp add --transport http --scope user jetbrains-debugger ${Samples.URL}, then write ~/.claude/skills/jetbrains-debugger/SKILL.md",
            item.toolTipText,
        )
        item.doClick()
        assertEquals(listOf("claude-code with skill"), server.clients.installed)
        assertEquals(NoticeKind.INFO, host.lastNotice().kind)
    }

    @Test
    fun install_now_failure_shows_the_cli_output_and_a_dead_server_is_said() {
        val p = panel()
        server.clients.outcome = { id ->
            InstallOutcome(id, false, "claude mcp add --transport http --scope user jetbrains-debugger ${Samples.URL}",
                "`claude` is not installed: install Claude Code first (npm install -g @anthropic-ai/claude-code).",
                "sh: 1: claude: not found\n")
        }
        clickInstall(p)
        val n = host.lastNotice()
        assertEquals(NoticeKind.ERROR, n.kind)
        assertEquals("Could not install on Claude Code (CLI)", n.title)
        assertTrue(n.content.startsWith("`claude` is not installed"), n.content)
        assertTrue(n.content.endsWith("sh: 1: claude: not found"), n.content)
        assertTrue("Command: claude mcp add" in n.content)

        p.showInstallPopup(p.installButton)
        server.clients.available = false
        p.installPopup.components.filterIsInstance<JMenuItem>().first { "Run installation command" in it.text }.doClick()
        assertEquals(NoticeKind.ERROR, host.lastNotice().kind)
        assertTrue("no MCP server is connected" in host.lastNotice().content, host.lastNotice().content)
    }

    @Test
    fun copy_configuration_puts_the_snippet_on_the_clipboard_and_says_where_it_goes() {
        val p = panel()
        p.showInstallPopup(p.installButton)
        p.installPopup.components.filterIsInstance<JMenuItem>().first { it.text == "Claude Desktop" }.doClick()
        val desktop = Samples.clients().first { it.id == "claude-desktop" }
        assertEquals(listOf(desktop.config.text), host.clipboard)
        assertEquals(Notice(NoticeKind.INFO, "Claude Desktop configuration copied",
            "Paste it into ~/.config/Claude/claude_desktop_config.json.\nRestart Claude Desktop afterwards."), host.lastNotice())
        p.installPopup.components.filterIsInstance<JMenuItem>().first { it.text == "Cursor" }.doClick()
        assertEquals("Paste it into ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (this project).", host.lastNotice().content)
    }

    @Test
    fun the_rule_tip_copies_the_exact_rule_and_names_the_files() {
        val p = panel()
        assertEquals(host.theme.color(ThemeColor.TIP_BACKGROUND), p.tip.background)
        assertEquals(java.awt.Color(0xFFFBE6), p.tip.background)
        assertEquals(java.awt.Color(0x3D3D00), PlainTheme(dark = true).color(ThemeColor.TIP_BACKGROUND))
        assertEquals(11f, p.tip.link.font.size2D)
        assertFalse(p.tip.link.isUnderlined)
        p.tip.link.underline(true)
        assertTrue(p.tip.link.isUnderlined)
        p.tip.link.click()
        assertEquals(listOf("IMPORTANT: When debugging, prefer using jetbrains-debugger MCP tools to interact with the IDE debugger."), host.clipboard)
        val n = host.lastNotice()
        assertEquals("Rule copied", n.title)
        listOf("CLAUDE.md (project root)", "~/.claude/CLAUDE.md", ".cursorrules", ".cursor/rules/*.mdc", "documentation")
            .forEach { assertTrue(it in n.content, it) }
    }

    @Test
    fun a_stopped_server_disables_the_history_actions_but_not_refresh() {
        val p = panel(ServerState.Stopped(ServerProblem.PORT_TAKEN, "Address already in use"))
        assertEquals(listOf(true, false, false, false), p.toolbarActions.map { it.isEnabled() })
        assertNull(p.selectedEntry)
    }
}
