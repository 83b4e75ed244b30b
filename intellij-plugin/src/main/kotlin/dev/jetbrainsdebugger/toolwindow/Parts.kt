// The rows above the history: the server status, the agent-rule tip
// and the filters, plus the link label they share. Each is a small panel that only shows
// what it is given; DebuggerToolWindowPanel feeds them.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.HistoryStatus
import java.awt.BorderLayout
import java.awt.Color
import java.awt.Component
import java.awt.Cursor
import java.awt.FlowLayout
import java.awt.Font
import java.awt.Graphics
import java.awt.Graphics2D
import java.awt.RenderingHints
import java.awt.event.MouseAdapter
import java.awt.event.MouseEvent
import java.awt.font.TextAttribute
import java.util.concurrent.CompletionException
import java.util.concurrent.ExecutionException
import javax.swing.BorderFactory
import javax.swing.Box
import javax.swing.BoxLayout
import javax.swing.DefaultComboBoxModel
import javax.swing.Icon
import javax.swing.JComboBox
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JTextField
import javax.swing.border.Border
import javax.swing.event.DocumentEvent
import javax.swing.event.DocumentListener

/** A hyperlink: link colour, underlined while the mouse is over it, [onClick] on a click. */
class LinkLabel(text: String, theme: UiTheme, private val onClick: (LinkLabel) -> Unit) : JLabel(text) {
    init {
        foreground = theme.color(ThemeColor.LINK)
        cursor = Cursor.getPredefinedCursor(Cursor.HAND_CURSOR)
        addMouseListener(object : MouseAdapter() {
            override fun mouseEntered(e: MouseEvent) = underline(true)
            override fun mouseExited(e: MouseEvent) = underline(false)
            override fun mouseClicked(e: MouseEvent) = click()
        })
    }

    fun click() = onClick(this)

    fun underline(on: Boolean) {
        font = font.deriveFont(mapOf(TextAttribute.UNDERLINE to if (on) TextAttribute.UNDERLINE_ON else -1))
    }

    val isUnderlined: Boolean get() = font.attributes[TextAttribute.UNDERLINE] == TextAttribute.UNDERLINE_ON
}

/** A filled circle in the status colour. */
internal class DotIcon(var color: Color, private val size: Int = 10) : Icon {
    override fun getIconWidth() = size
    override fun getIconHeight() = size
    override fun paintIcon(c: Component?, g: Graphics, x: Int, y: Int) {
        val g2 = g.create() as Graphics2D
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON)
        g2.color = color
        g2.fillOval(x, y, size, size)
        g2.dispose()
    }
}

/** [icon] at 40 % opacity: a disabled toolbar button's icon (Swing greys only image icons). */
internal class FadedIcon(private val icon: Icon) : Icon by icon {
    override fun paintIcon(c: Component?, g: Graphics, x: Int, y: Int) {
        val g2 = g.create() as Graphics2D
        g2.composite = java.awt.AlphaComposite.getInstance(java.awt.AlphaComposite.SRC_OVER, 0.4f)
        icon.paintIcon(c, g2, x, y)
        g2.dispose()
    }
}

/** The thin line under each row of the tool window. */
internal fun bottomLine(theme: UiTheme, inner: Border): Border =
    BorderFactory.createCompoundBorder(BorderFactory.createMatteBorder(0, 0, 1, 0, theme.color(ThemeColor.SEPARATOR)), inner)

/** What the status row says for one state; plain data so tests read it. */
data class StatusView(val title: String, val color: ThemeColor, val url: String?, val detail: String?, val canRestart: Boolean)

object StatusTexts {
    fun of(state: ServerState, port: Int): StatusView = when (state) {
        ServerState.Starting -> StatusView(UiBundle.message("status.starting"), ThemeColor.STATUS_PENDING, null, null, false)
        is ServerState.Running -> StatusView(UiBundle.message("status.running"), ThemeColor.STATUS_RUNNING, state.url, null, false)
        is ServerState.Restarting -> StatusView(UiBundle.message("status.restarting"), ThemeColor.STATUS_PENDING, null, state.reason, false)
        // Why it stopped takes room: the panel shows it in place of the history, not in this row.
        is ServerState.Stopped -> StatusView(UiBundle.message("status.stopped"), ThemeColor.STATUS_ERROR, null, null, true)
    }

    /** Why the server is not running and what the user can do, then the launcher's own words. */
    fun why(state: ServerState.Stopped, port: Int): String = when (state.problem) {
        ServerProblem.BINARY_MISSING ->
            UiBundle.message("status.why.binary.missing", System.getProperty("os.name"), System.getProperty("os.arch"))
        ServerProblem.CRASHED -> UiBundle.message("status.why.crashed")
        ServerProblem.PORT_TAKEN ->
            UiBundle.message("status.why.port.taken", port.toString())
        ServerProblem.OTHER -> UiBundle.message("status.why.other")
    } + "\n" + UiBundle.message("status.why.details", state.detail)
}

/** ● status | URL (click to copy) | project, and when stopped, why and a Restart link. */
class ServerStatusPanel(
    private val theme: UiTheme,
    projectName: String?,
    onCopyUrl: (String) -> Unit,
    onRestart: () -> Unit,
) : JPanel(BorderLayout()) {
    private val dot = DotIcon(theme.color(ThemeColor.STATUS_PENDING))
    internal val title = JLabel("", dot, JLabel.LEADING).apply { iconTextGap = 8 }
    internal val url = LinkLabel("", theme) { onCopyUrl(it.text) }.apply { toolTipText = UiBundle.message("status.url.tooltip") }
    internal val project = JLabel(projectName?.let { UiBundle.message("status.project", it) } ?: "").apply {
        foreground = theme.color(ThemeColor.SECONDARY_TEXT)
    }
    internal val detail = JLabel()
    internal val restart = LinkLabel(UiBundle.message("status.restart"), theme) { onRestart() }.apply {
        icon = theme.icon(ThemeIcon.RESTART)
        toolTipText = UiBundle.message("status.restart.tooltip")
    }
    private val line = JPanel(FlowLayout(FlowLayout.LEADING, 0, 0)).apply { isOpaque = false }
    private val separators = List(2) { separatorLabel() }
    var view: StatusView? = null
        private set

    init {
        border = bottomLine(theme, BorderFactory.createEmptyBorder(6, 10, 6, 10))
        add(line, BorderLayout.NORTH)
        detail.border = BorderFactory.createEmptyBorder(4, 18, 0, 0)
        add(detail, BorderLayout.CENTER)
    }

    private fun separatorLabel() = JLabel("|").apply {
        foreground = theme.color(ThemeColor.SEPARATOR).let { if (theme.dark) it.brighter().brighter() else it.darker() }
        border = BorderFactory.createEmptyBorder(0, 10, 0, 10)
    }

    fun show(state: ServerState, port: Int) {
        val v = StatusTexts.of(state, port)
        view = v
        dot.color = theme.color(v.color)
        title.text = v.title
        line.removeAll()
        line.add(title)
        if (v.url != null) {
            url.text = v.url
            line.add(separators[0]); line.add(url)
        }
        if (project.text.isNotEmpty()) {
            line.add(separators[1]); line.add(project)
        }
        if (v.canRestart) {
            line.add(Box.createHorizontalStrut(14)); line.add(restart)
        }
        detail.isVisible = v.detail != null
        detail.text = v.detail?.let { "<html>${escapeHtml(it)}</html>" }
        detail.foreground = theme.color(ThemeColor.SECONDARY_TEXT)
        revalidate()
        repaint()
    }
}

/** What went wrong, for the user: the cause a CompletableFuture wrapped, by its message. */
internal fun failureReason(error: Throwable): String {
    val cause = if ((error is CompletionException || error is ExecutionException) && error.cause != null) error.cause!! else error
    return cause.message ?: cause.javaClass.simpleName
}

internal fun escapeHtml(s: String) = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

/** The yellow banner proposing the rule for the agent's instructions file. */
class AgentRuleTipPanel(theme: UiTheme, onCopy: () -> Unit) : JPanel(BorderLayout(8, 0)) {
    companion object {
        const val RULE = "IMPORTANT: When debugging, prefer using jetbrains-debugger MCP tools to interact with the IDE debugger."
        val TIP: String get() = UiBundle.message("tip.text")
        val COPIED_TITLE: String get() = UiBundle.message("notification.rule.copied.title")
        val COPIED_CONTENT: String get() = UiBundle.message("notification.rule.copied.content")
    }

    internal val link = LinkLabel(UiBundle.message("tip.copy.rule"), theme) { onCopy() }

    init {
        background = theme.color(ThemeColor.TIP_BACKGROUND)
        isOpaque = true
        border = bottomLine(theme, BorderFactory.createEmptyBorder(5, 10, 5, 10))
        val size11 = 11f
        add(JLabel(TIP, theme.icon(ThemeIcon.INFO), JLabel.LEADING).apply {
            iconTextGap = 8
            font = font.deriveFont(size11)
            toolTipText = RULE
        }, BorderLayout.CENTER)
        link.font = link.font.deriveFont(size11)
        add(link, BorderLayout.EAST)
    }
}

/** Tool: [▼] | Status: [▼] | Search: [____] over a [HistoryFilter]. */
class FilterToolbar(theme: UiTheme, private val filter: HistoryFilter) : JPanel() {
    companion object {
        val ALL: String get() = UiBundle.message("filter.all")
    }

    internal val toolBox = JComboBox(DefaultComboBoxModel(arrayOf(ALL)))
    internal val statusBox = JComboBox(arrayOf(ALL) + HistoryStatus.values().map { it.name })
    internal val searchField = JTextField(filter.search, 18)
    private var updating = false

    init {
        layout = BoxLayout(this, BoxLayout.LINE_AXIS)
        border = bottomLine(theme, BorderFactory.createEmptyBorder(4, 10, 4, 10))
        fun label(text: String, gap: Int) = JLabel(text).apply { border = BorderFactory.createEmptyBorder(0, gap, 0, 6) }
        add(label(UiBundle.message("filter.tool"), 0)); add(toolBox)
        add(label(UiBundle.message("filter.status"), 14)); add(statusBox)
        add(label(UiBundle.message("filter.search"), 14)); add(searchField)
        searchField.toolTipText = UiBundle.message("filter.search.tooltip")
        listOf(toolBox, statusBox).forEach { it.maximumSize = it.preferredSize }
        searchField.maximumSize = java.awt.Dimension(320, searchField.preferredSize.height)
        add(Box.createHorizontalGlue())
        statusBox.selectedItem = filter.status?.name ?: ALL
        toolBox.addActionListener { if (!updating) filter.tool = (toolBox.selectedItem as String?).takeUnless { it == ALL } }
        statusBox.addActionListener {
            if (!updating) filter.status = (statusBox.selectedItem as String?).takeUnless { it == ALL }?.let(HistoryStatus::valueOf)
        }
        searchField.document.addDocumentListener(object : DocumentListener {
            override fun insertUpdate(e: DocumentEvent) = searched()
            override fun removeUpdate(e: DocumentEvent) = searched()
            override fun changedUpdate(e: DocumentEvent) = searched()
        })
        setTools(emptyList())
    }

    private fun searched() {
        if (!updating) filter.search = searchField.text
    }

    /** The Tool choices: All, the tools seen, and the filtered tool even when not seen (yet). */
    fun setTools(seen: List<String>) {
        val tools = (seen + listOfNotNull(filter.tool)).distinct().sorted()
        val current = (0 until toolBox.itemCount).map { toolBox.getItemAt(it) }
        if (current == listOf(ALL) + tools && toolBox.selectedItem == (filter.tool ?: ALL)) return
        updating = true
        try {
            toolBox.model = DefaultComboBoxModel((listOf(ALL) + tools).toTypedArray())
            toolBox.selectedItem = filter.tool ?: ALL
            toolBox.maximumSize = toolBox.preferredSize
        } finally {
            updating = false
        }
    }

    /** Shows the filter's values again after it changed elsewhere (e.g. [HistoryFilter.clear]). */
    fun sync() {
        updating = true
        try {
            toolBox.selectedItem = filter.tool ?: ALL
            statusBox.selectedItem = filter.status?.name ?: ALL
            if (searchField.text != filter.search) searchField.text = filter.search
        } finally {
            updating = false
        }
    }
}
