// The history as the list shows it: every call the server reported,
// newest first, narrowed by the HistoryFilter; the row renderer; and the details text of one
// call. Changes arrive as HistoryChange (live) or as a whole page (reload).
package dev.jetbrainsdebugger.toolwindow

import com.google.gson.GsonBuilder
import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.bridge.HistoryChange
import dev.jetbrainsdebugger.bridge.HistoryEntry
import dev.jetbrainsdebugger.bridge.HistoryStatus
import java.awt.BorderLayout
import java.awt.Component
import java.awt.Font
import java.time.Instant
import java.time.ZoneId
import java.time.format.DateTimeFormatter
import java.time.format.DateTimeParseException
import javax.swing.AbstractListModel
import javax.swing.BorderFactory
import javax.swing.JLabel
import javax.swing.JList
import javax.swing.JPanel
import javax.swing.ListCellRenderer

/** Every known call, newest first, and the ones [filter] lets through as a Swing list model. */
class HistoryListModel(private val filter: HistoryFilter) : AbstractListModel<HistoryEntry>() {
    /** All calls, newest (highest id) first. */
    private var all: List<HistoryEntry> = emptyList()
    private var visible: List<HistoryEntry> = emptyList()

    override fun getSize() = visible.size
    override fun getElementAt(index: Int): HistoryEntry = visible[index]

    /** How many calls are known, filtered or not. */
    val totalSize: Int get() = all.size

    /** The tools seen so far, sorted, for the Tool filter. */
    fun tools(): List<String> = all.map { it.tool }.distinct().sorted()

    fun indexOf(id: Long): Int = visible.indexOfFirst { it.id == id }

    fun entry(id: Long): HistoryEntry? = all.firstOrNull { it.id == id }

    /** Replaces everything with [entries] (any order), e.g. a `history/list` page. */
    fun reload(entries: List<HistoryEntry>) {
        all = entries.sortedByDescending { it.id }
        refilter()
    }

    /** Applies one live change; an Added for a known id counts as an update. */
    fun apply(change: HistoryChange) {
        when (change) {
            is HistoryChange.Added -> upsert(change.entry)
            is HistoryChange.Updated -> upsert(change.entry)
            is HistoryChange.Removed -> {
                val ids = change.ids.toSet()
                all = all.filterNot { it.id in ids }
                refilter()
            }
            HistoryChange.Cleared -> reload(emptyList())
        }
    }

    private fun upsert(entry: HistoryEntry) {
        val known = all.indexOfFirst { it.id == entry.id }
        if (known >= 0) replace(known, entry) else insert(entry)
    }

    /** Recomputes the visible calls after the filter changed. */
    fun refilter() {
        val old = visible.size
        visible = all.filter(filter::matches)
        if (old > 0) fireIntervalRemoved(this, 0, old - 1)
        if (visible.isNotEmpty()) fireIntervalAdded(this, 0, visible.size - 1)
    }

    private fun insert(entry: HistoryEntry) {
        val at = all.indexOfFirst { it.id < entry.id }.let { if (it < 0) all.size else it }
        all = all.toMutableList().apply { add(at, entry) }
        if (!filter.matches(entry)) return
        val shown = visible.indexOfFirst { it.id < entry.id }.let { if (it < 0) visible.size else it }
        visible = visible.toMutableList().apply { add(shown, entry) }
        // An insertion event (not a full refresh) lets JList shift the selection along.
        fireIntervalAdded(this, shown, shown)
    }

    private fun replace(index: Int, entry: HistoryEntry) {
        all = all.toMutableList().apply { set(index, entry) }
        val shown = visible.indexOfFirst { it.id == entry.id }
        val matches = filter.matches(entry)
        when {
            shown >= 0 && matches -> {
                visible = visible.toMutableList().apply { set(shown, entry) }
                fireContentsChanged(this, shown, shown)
            }
            shown >= 0 -> {
                visible = visible.toMutableList().apply { removeAt(shown) }
                fireIntervalRemoved(this, shown, shown)
            }
            matches -> {
                val at = visible.indexOfFirst { it.id < entry.id }.let { if (it < 0) visible.size else it }
                visible = visible.toMutableList().apply { add(at, entry) }
                fireIntervalAdded(this, at, at)
            }
        }
    }
}

/** Texts of one call: the row's time and the details area. */
object HistoryTexts {
    private val gson = GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create()
    private val clock = DateTimeFormatter.ofPattern("HH:mm:ss")

    /** `HH:mm:ss` in [zone] (the user's local time); the raw text when it is not ISO-8601. */
    fun time(timestamp: String, zone: ZoneId = ZoneId.systemDefault()): String =
        try {
            clock.format(Instant.parse(timestamp).atZone(zone))
        } catch (e: DateTimeParseException) {
            timestamp
        }

    fun pretty(json: JsonElement): String = gson.toJson(json)

    fun details(e: HistoryEntry): String = buildString {
        append(UiBundle.message("history.details.tool", e.tool)).append('\n')
        append(UiBundle.message("history.details.status", e.status.name)).append('\n')
        append(UiBundle.message("history.details.timestamp", e.timestamp)).append('\n')
        append(UiBundle.message("history.details.duration", if (e.status == HistoryStatus.PENDING) UiBundle.message("history.details.duration.running") else UiBundle.message("history.details.duration.ms", e.durationMs.toString()))).append('\n')
        append("\n${UiBundle.message("history.details.parameters")}\n").append(pretty(e.parameters)).append('\n')
        e.error?.let { error ->
            append("\n${UiBundle.message("history.details.error")}\n").append(e.errorMessage).append('\n')
            // The body's other fields (the error code, hints) say more than the message alone.
            if (error is JsonObject && error.keySet().any { it != "message" }) append(pretty(error)).append('\n')
        }
        e.result?.let { append("\n${UiBundle.message("history.details.result")}\n").append(pretty(it)).append('\n') }
        if (e.affectedFiles.isNotEmpty()) {
            append("\n${UiBundle.message("history.details.affected.files")}\n")
            e.affectedFiles.forEach { append("  - ").append(it).append('\n') }
        }
    }.trimEnd()
}

/** One row: `HH:mm:ss` grey, the tool bold, the status coloured. */
class HistoryCellRenderer(private val theme: UiTheme) : ListCellRenderer<HistoryEntry> {
    private val time = JLabel()
    private val tool = JLabel()
    private val status = JLabel()
    private val row = JPanel(BorderLayout(16, 0)).apply {
        border = BorderFactory.createEmptyBorder(3, 8, 3, 10)
        add(time, BorderLayout.WEST)
        add(tool, BorderLayout.CENTER)
        add(status, BorderLayout.EAST)
    }

    fun statusColor(s: HistoryStatus) = theme.color(
        when (s) {
            HistoryStatus.SUCCESS -> ThemeColor.STATUS_RUNNING
            HistoryStatus.ERROR -> ThemeColor.STATUS_ERROR
            HistoryStatus.PENDING -> ThemeColor.STATUS_PENDING
        },
    )

    override fun getListCellRendererComponent(
        list: JList<out HistoryEntry>, value: HistoryEntry, index: Int, selected: Boolean, focused: Boolean,
    ): Component {
        val base = list.font
        time.font = base
        // A fixed width keeps the tool names aligned although digits differ in width.
        time.preferredSize = java.awt.Dimension(time.getFontMetrics(base).stringWidth("00:00:00") + 4, 1)
        tool.font = base.deriveFont(Font.BOLD)
        status.font = base
        time.text = HistoryTexts.time(value.timestamp)
        tool.text = value.tool
        status.text = value.status.name
        row.background = if (selected) list.selectionBackground else list.background
        val text = if (selected) list.selectionForeground else list.foreground
        tool.foreground = text
        time.foreground = if (selected) text else theme.color(ThemeColor.SECONDARY_TEXT)
        status.foreground = statusColor(value.status)
        row.toolTipText = value.errorMessage
        return row
    }
}
