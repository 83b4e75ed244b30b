// The history part of the tool window, driven headlessly through its fakes: filtering
// (each filter, AND, search over parameters/result/error), newest first, selection and
// details, live insertion and update of a pending call, removal and clear, auto-scroll.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.HistoryChange
import dev.jetbrainsdebugger.bridge.HistoryStatus
import org.junit.jupiter.api.Test
import java.time.ZoneId
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

class HistoryPanelTest {
    private val host = FakeHost()
    private val server = FakeServer().apply { history.entries = Samples.session() }
    private var settings = PluginSettings()
    private val filter = HistoryFilter()

    private fun panel() = DebuggerToolWindowPanel(host, server, { settings }, filter, "shop")
    private fun shownIds(p: DebuggerToolWindowPanel) = (0 until p.model.size).map { p.model.getElementAt(it).id }

    @Test
    fun loads_the_history_newest_first_when_the_server_runs() {
        val p = panel()
        assertEquals(1, server.history.listCalls)
        assertEquals((12L downTo 1L).toList(), shownIds(p))
        assertEquals(DebuggerToolWindowPanel.CARD_LIST, p.visibleCard)
    }

    @Test
    fun each_filter_alone_and_together() {
        val p = panel()
        filter.tool = "evaluate"
        assertEquals(listOf(11L, 8L), shownIds(p))
        filter.status = HistoryStatus.ERROR
        assertEquals(listOf(8L), shownIds(p), "tool AND status")
        filter.tool = null
        assertEquals(listOf(10L, 8L), shownIds(p))
        filter.status = HistoryStatus.PENDING
        assertEquals(listOf(12L), shownIds(p))
        filter.status = null
        filter.search = "order.java"
        assertEquals(listOf(3L), shownIds(p), "search in parameters, case-insensitive")
        filter.search = "bp_123"
        assertEquals(listOf(2L), shownIds(p), "search in the result")
        filter.search = "customer is null"
        assertEquals(listOf(8L), shownIds(p), "search in the error")
        filter.search = "\"line\": 43"
        assertEquals(listOf(9L), shownIds(p), "a fragment copied from the pretty details")
        filter.search = "STEP_"
        assertEquals(listOf(9L), shownIds(p), "search in the tool name")
        filter.search = "order"
        filter.status = HistoryStatus.SUCCESS
        filter.tool = "evaluate"
        assertEquals(listOf(11L), shownIds(p), "all three AND-ed")
        assertEquals("evaluate", p.filterBar.toolBox.selectedItem, "the controls follow the filter")
        assertEquals("SUCCESS", p.filterBar.statusBox.selectedItem)
        filter.search = "nothing like this"
        assertEquals(DebuggerToolWindowPanel.CARD_NO_MATCH, p.visibleCard)
        filter.clear()
        assertEquals(12, p.model.size)
        assertEquals("All", p.filterBar.toolBox.selectedItem)
        assertEquals("", p.filterBar.searchField.text)
    }

    @Test
    fun the_filter_controls_drive_the_filter_and_the_filter_outlives_the_panel() {
        val p = panel()
        assertEquals(listOf("All") + Samples.session().map { it.tool }.distinct().sorted(),
            (0 until p.filterBar.toolBox.itemCount).map { p.filterBar.toolBox.getItemAt(it) })
        p.filterBar.toolBox.selectedItem = "set_breakpoint"
        p.filterBar.statusBox.selectedItem = "SUCCESS"
        p.filterBar.searchField.text = "main"
        assertEquals("set_breakpoint", filter.tool)
        assertEquals(HistoryStatus.SUCCESS, filter.status)
        assertEquals(listOf(2L), shownIds(p))
        p.close()
        val again = panel()
        assertEquals(listOf(2L), shownIds(again), "a new tool window keeps the filters")
        assertEquals("set_breakpoint", again.filterBar.toolBox.selectedItem)
        assertEquals("main", again.filterBar.searchField.text)
    }

    @Test
    fun selecting_a_call_shows_its_details() {
        val p = panel()
        p.list.selectedIndex = p.model.indexOf(8)
        val text = p.details.text
        assertTrue(text.startsWith("Tool: evaluate\nStatus: ERROR\nTimestamp: 2026-11-24T14:32:40Z\nDuration: 140ms\n\nParameters:\n{\n"), text)
        assertTrue("\"expression\": \"order.customer.name\"" in text, text)
        assertTrue("\nError:\nNullPointerException: order.customer is null\n" in text, text)
        assertFalse("Result:" in text)
        p.list.selectedIndex = p.model.indexOf(2)
        assertTrue(p.details.text.endsWith("Result:\n{\n  \"breakpoint_id\": \"bp_123\",\n  \"verified\": true\n}\n\nAffected Files:\n  - /src/Main.java"), p.details.text)
        assertEquals(12f, p.details.font.size2D)
    }

    @Test
    fun rows_show_local_time_and_coloured_status() {
        assertEquals("15:32:05", HistoryTexts.time("2026-11-24T14:32:05Z", ZoneId.of("Europe/Paris")))
        assertEquals("not a time", HistoryTexts.time("not a time"))
        val p = panel()
        val renderer = p.list.cellRenderer as HistoryCellRenderer
        val theme = host.theme
        assertEquals(theme.color(ThemeColor.STATUS_RUNNING), renderer.statusColor(HistoryStatus.SUCCESS))
        assertEquals(theme.color(ThemeColor.STATUS_ERROR), renderer.statusColor(HistoryStatus.ERROR))
        assertEquals(theme.color(ThemeColor.STATUS_PENDING), renderer.statusColor(HistoryStatus.PENDING))
        assertEquals(java.awt.Color(0xD9A343), theme.color(ThemeColor.STATUS_PENDING))
    }

    @Test
    fun a_live_call_is_inserted_on_top_and_its_pending_state_is_updated_in_the_details() {
        val p = panel()
        val uiBefore = host.uiCalls
        server.history.push(HistoryChange.Added(Samples.entry(13, "pause", HistoryStatus.PENDING)))
        assertTrue(host.uiCalls > uiBefore, "the bridge's thread hops to the UI thread")
        assertEquals(13L, shownIds(p).first())
        assertEquals(13L, p.selectedEntry?.id, "auto-scroll selects the newest")
        assertTrue("Status: PENDING" in p.details.text && "Duration: running…" in p.details.text, p.details.text)
        server.history.push(HistoryChange.Updated(Samples.entry(13, "pause", result = "{\"state\":\"paused\"}", durationMs = 31)))
        assertTrue("Status: SUCCESS" in p.details.text && "Duration: 31ms" in p.details.text, p.details.text)
        assertEquals(13, p.model.size)
    }

    @Test
    fun an_update_that_leaves_the_filter_drops_the_row_and_one_that_enters_it_adds_it() {
        val p = panel()
        filter.status = HistoryStatus.PENDING
        assertEquals(listOf(12L), shownIds(p))
        server.history.push(HistoryChange.Updated(Samples.entry(12, "resume")))
        assertEquals(emptyList(), shownIds(p))
        filter.status = HistoryStatus.SUCCESS
        server.history.push(HistoryChange.Updated(Samples.entry(10, "set_variable")))
        assertTrue(10L in shownIds(p))
    }

    @Test
    fun without_auto_scroll_the_users_selection_stays() {
        settings = settings.copy(autoScroll = false)
        val p = panel()
        p.list.selectedIndex = p.model.indexOf(5)
        server.history.push(HistoryChange.Added(Samples.entry(13, "pause")))
        assertEquals(13L, shownIds(p).first())
        assertEquals(5L, p.selectedEntry?.id)
        assertEquals(p.model.indexOf(5), p.list.selectedIndex)
        assertTrue(p.details.text.startsWith("Tool: get_debug_session_status"))
    }

    @Test
    fun without_auto_scroll_the_rows_in_view_stay_in_view() {
        settings = settings.copy(autoScroll = false)
        server.history.entries = (1L..60L).map { Samples.entry(it, "step_over") }
        val p = panel()
        p.setSize(800, 600)
        layOut(p)
        val viewport = p.listScroll.viewport
        assertTrue(p.list.height > viewport.height, "the list scrolls")
        viewport.viewPosition = java.awt.Point(0, 200)
        val topRow = p.list.locationToIndex(java.awt.Point(0, 200))
        val topId = p.model.getElementAt(topRow).id
        server.history.push(HistoryChange.Added(Samples.entry(61, "pause")))
        layOut(p)
        assertEquals(topId, p.model.getElementAt(p.list.locationToIndex(viewport.viewPosition)).id, "the same call is at the top of the view")

        settings = settings.copy(autoScroll = true)
        server.history.push(HistoryChange.Added(Samples.entry(62, "pause")))
        layOut(p)
        assertEquals(0, viewport.viewPosition.y, "auto-scroll shows the newest")
        assertEquals(62L, p.selectedEntry?.id)
    }

    private fun layOut(c: java.awt.Component) {
        c.doLayout()
        (c as? java.awt.Container)?.components?.forEach(::layOut)
    }

    @Test
    fun removal_and_clear() {
        val p = panel()
        p.list.selectedIndex = p.model.indexOf(2)
        server.history.push(HistoryChange.Removed(listOf(1, 2)))
        assertEquals((12L downTo 3L).toList(), shownIds(p))
        assertNull(p.selectedEntry)
        assertFalse(p.details.text.startsWith("Tool:"))
        server.history.push(HistoryChange.Cleared)
        assertEquals(0, p.model.size)
        assertEquals(DebuggerToolWindowPanel.CARD_EMPTY, p.visibleCard)
        assertEquals("", p.details.text)
    }

    @Test
    fun reconnecting_and_refresh_reload_the_whole_history() {
        val p = panel()
        server.change(ServerState.Restarting("the MCP server exited with code 1; restarting in 1 s"))
        assertEquals(1, server.history.listCalls)
        server.history.entries = Samples.session().take(3)
        server.change(ServerState.Running(Samples.URL))
        assertEquals(2, server.history.listCalls)
        assertEquals(listOf(3L, 2L, 1L), shownIds(p))
        server.history.entries = Samples.session().take(4)
        p.toolbarActions.first { it.id == "refresh" }.perform(null)
        assertEquals(3, server.history.listCalls)
        assertEquals(listOf(4L, 3L, 2L, 1L), shownIds(p))
    }

    @Test
    fun empty_state_tells_a_new_user_what_to_do_and_close_unsubscribes() {
        server.history.entries = emptyList()
        val p = panel()
        assertEquals(DebuggerToolWindowPanel.CARD_EMPTY, p.visibleCard)
        p.close()
        assertTrue(server.history.listeners.isEmpty())
        assertTrue(server.listeners.isEmpty())
        server.history.push(HistoryChange.Added(Samples.entry(1, "pause")))
        assertEquals(0, p.model.size, "a closed panel ignores the bridge")
    }
}
