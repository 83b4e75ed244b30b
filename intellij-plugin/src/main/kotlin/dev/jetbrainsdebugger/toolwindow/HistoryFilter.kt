// The history's filters: tool, status and a search text, AND-ed. One instance
// lives as long as the IDE runs (the glue keeps it in an application service), so the
// filters survive the tool window being closed and reopened.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.HistoryEntry
import dev.jetbrainsdebugger.bridge.HistoryStatus
import java.util.concurrent.CopyOnWriteArrayList

/** The filters (tool, status, search); one instance per IDE run so they survive the tool window being closed. */
class HistoryFilter {
    /** Only calls of this tool; null for all. */
    var tool: String? = null
        set(value) { if (field != value) { field = value; changed() } }

    /** Only calls with this status; null for all. */
    var status: HistoryStatus? = null
        set(value) { if (field != value) { field = value; changed() } }

    /** Case-insensitive text searched in the tool name, parameters, result and error; blank for all. */
    var search: String = ""
        set(value) { if (field != value) { field = value; changed() } }

    private val listeners = CopyOnWriteArrayList<() -> Unit>()

    val isActive: Boolean get() = tool != null || status != null || search.isNotBlank()

    fun matches(entry: HistoryEntry): Boolean {
        if (tool != null && entry.tool != tool) return false
        if (status != null && entry.status != status) return false
        val needle = search.trim()
        if (needle.isEmpty()) return true
        val texts = listOfNotNull(entry.tool, entry.parameters.toString(), entry.result?.toString(), entry.error?.toString())
        if (texts.any { it.contains(needle, ignoreCase = true) }) return true
        // JSON is kept compact (`"line":42`) but shown pretty (`"line": 42`): a needle copied
        // from the details still matches when spacing is ignored on both sides.
        val squeezed = needle.squeeze()
        return squeezed != needle && texts.any { it.squeeze().contains(squeezed, ignoreCase = true) }
    }

    private fun String.squeeze() = filterNot(Char::isWhitespace)

    fun clear() {
        tool = null
        status = null
        search = ""
    }

    /** Called on the thread that changed the filter (the UI thread). */
    fun addListener(listener: () -> Unit) { listeners += listener }
    fun removeListener(listener: () -> Unit) { listeners -= listener }

    private fun changed() = listeners.forEach { it() }
}
