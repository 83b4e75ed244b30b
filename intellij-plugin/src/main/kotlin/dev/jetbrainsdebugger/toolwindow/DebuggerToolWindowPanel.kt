// The "Debugger MCP" tool window's content: toolbar and Install button, server
// status, the agent-rule tip, filters, the history list (60 %) and the details of the
// selected call (40 %). Plain Swing over UiHost and ServerControl: the bridge's listeners
// call on their own threads and every change hops to the UI thread through the host.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.HistoryChange
import dev.jetbrainsdebugger.bridge.HistoryEntry
import dev.jetbrainsdebugger.bridge.HistoryListener
import dev.jetbrainsdebugger.bridge.HistoryPage
import java.awt.BorderLayout
import java.awt.CardLayout
import java.awt.Component
import java.awt.Dimension
import java.awt.FlowLayout
import java.awt.Font
import java.awt.GridBagConstraints
import java.awt.GridBagLayout
import java.awt.Insets
import java.nio.file.Files
import java.nio.file.Path
import javax.swing.BorderFactory
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JList
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.JSplitPane
import javax.swing.JTextArea
import javax.swing.ListSelectionModel

/** The whole tool window content. */
class DebuggerToolWindowPanel(
    private val host: UiHost,
    private val server: ServerControl,
    private val settings: () -> PluginSettings,
    private val filter: HistoryFilter,
    projectName: String?,
) : JPanel(BorderLayout()), AutoCloseable {
    companion object {
        const val EXPORT_DEFAULT_NAME = "jetbrains-debugger-history.json"
        /** File extension → the server's `history/export` format (`md`: the last debug session's log). */
        val EXPORT_FORMATS = linkedMapOf("json" to "json", "csv" to "csv", "md" to "markdown")
        const val CARD_LIST = "list"
        const val CARD_EMPTY = "empty"
        const val CARD_NO_MATCH = "no-match"
        const val CARD_NOT_RUNNING = "not-running"
    }

    private val theme = host.theme
    internal var state: ServerState = ServerState.Starting
        private set
    internal val model = HistoryListModel(filter)
    internal val list = JList(model).apply {
        cellRenderer = HistoryCellRenderer(theme)
        selectionMode = ListSelectionModel.SINGLE_SELECTION
    }
    internal val details = JTextArea().apply {
        isEditable = false
        font = theme.monospaced(12f)
        border = BorderFactory.createEmptyBorder(6, 10, 6, 10)
    }
    internal val status = ServerStatusPanel(theme, projectName, ::copyUrl) { server.restart() }
    internal val tip = AgentRuleTipPanel(theme, ::copyRule)
    internal val filterBar = FilterToolbar(theme, filter)
    private val installActions = InstallActions(host) { server.clients }
    internal val installPopup = InstallPopup(theme, installActions)
    internal val installButton = JButton(UiBundle.message("toolwindow.install.button"), theme.icon(ThemeIcon.INSTALL)).apply {
        font = font.deriveFont(Font.BOLD)
        isFocusPainted = false
        toolTipText = UiBundle.message("toolwindow.install.button.tooltip")
        addActionListener { showInstallPopup(this) }
    }

    /** Refresh, Copy URL, Clear History, Export History, in order. */
    val toolbarActions: List<PanelAction> = listOf(
        PanelAction("refresh", UiBundle.message("toolwindow.action.refresh.text"), UiBundle.message("toolwindow.action.refresh.description"), ThemeIcon.REFRESH, { true }) { refresh() },
        PanelAction("copyUrl", UiBundle.message("toolwindow.action.copy.url.text"), UiBundle.message("toolwindow.action.copy.url.description"), ThemeIcon.COPY, { state is ServerState.Running }) {
            (state as? ServerState.Running)?.let { copyUrl(it.url) }
        },
        PanelAction("clearHistory", UiBundle.message("toolwindow.action.clear.history.text"), UiBundle.message("toolwindow.action.clear.history.description"), ThemeIcon.CLEAR, {
            state is ServerState.Running && model.totalSize > 0
        }) { clearHistory() },
        PanelAction("exportHistory", UiBundle.message("toolwindow.action.export.history.text"), UiBundle.message("toolwindow.action.export.history.description"), ThemeIcon.EXPORT, { state is ServerState.Running }) {
            exportHistory()
        },
    )

    private val toolbarHolder = JPanel(BorderLayout()).apply { isOpaque = false }
    private val plainButtons = toolbarActions.map { a ->
        JButton(theme.icon(a.icon)).apply {
            disabledIcon = FadedIcon(icon)
            toolTipText = a.text
            isFocusable = false
            isBorderPainted = false
            isContentAreaFilled = false
            margin = Insets(3, 3, 3, 3)
            putClientProperty(PanelAction::class.java, a)
            addActionListener { a.perform(this) }
        }
    }
    internal val listScroll = JScrollPane(list).apply { border = BorderFactory.createEmptyBorder() }
    private val cards = CardLayout()
    private val center = JPanel(cards)
    private val emptyUrl = JLabel()
    internal val notRunningText = JLabel()

    /** The card shown in the upper half: [CARD_LIST], [CARD_EMPTY], [CARD_NO_MATCH] or [CARD_NOT_RUNNING]. */
    var visibleCard: String = CARD_EMPTY
        private set

    private val historyListener = HistoryListener { change -> host.onUiThread { applyChange(change) } }
    private val stateListener: (ServerState) -> Unit = { s -> host.onUiThread { showState(s) } }
    private val filterListener: () -> Unit = { filterChanged() }

    init {
        toolbarHolder.add(JPanel(FlowLayout(FlowLayout.LEADING, 2, 0)).apply {
            isOpaque = false
            plainButtons.forEach { add(it) }
        }, BorderLayout.CENTER)
        val top = JPanel(BorderLayout()).apply {
            border = bottomLine(theme, BorderFactory.createEmptyBorder(3, 6, 3, 8))
            add(toolbarHolder, BorderLayout.CENTER)
            add(installButton, BorderLayout.EAST)
        }
        // GridBag (not BoxLayout) so each row keeps its preferred height as its content changes.
        val header = JPanel(GridBagLayout())
        listOf(top, status, tip, filterBar).forEachIndexed { row, c ->
            header.add(c, GridBagConstraints().apply { gridy = row; weightx = 1.0; fill = GridBagConstraints.HORIZONTAL })
        }
        add(header, BorderLayout.NORTH)

        center.add(listScroll, CARD_LIST)
        center.add(emptyState(), CARD_EMPTY)
        center.add(message(JLabel(UiBundle.message("toolwindow.no.match")), LinkLabel(UiBundle.message("toolwindow.no.match.clear.filters"), theme) { filter.clear() }), CARD_NO_MATCH)
        center.add(message(notRunningText, LinkLabel(UiBundle.message("toolwindow.not.running.restart"), theme) { server.restart() }), CARD_NOT_RUNNING)
        val detailsScroll = JScrollPane(details).apply {
            border = BorderFactory.createMatteBorder(1, 0, 0, 0, theme.color(ThemeColor.SEPARATOR))
        }
        // Both halves prefer no height, so resizeWeight alone splits the space: 60 % / 40 %.
        listOf(center, detailsScroll).forEach { it.preferredSize = Dimension(480, 0); it.minimumSize = Dimension(0, 48) }
        val splitter = JSplitPane(JSplitPane.VERTICAL_SPLIT, center, detailsScroll).apply {
            resizeWeight = 0.6
            border = BorderFactory.createEmptyBorder()
            dividerSize = 5
            isContinuousLayout = true
        }
        add(splitter, BorderLayout.CENTER)

        list.addListSelectionListener { if (!it.valueIsAdjusting) showDetails() }
        filter.addListener(filterListener)
        server.history.addHistoryListener(historyListener)
        server.addStateListener(stateListener)
        showState(server.state())
    }

    /** The IDE puts its ActionToolbar here (left of the Install button); without it, plain buttons are shown. */
    fun setToolbar(component: JComponent) {
        toolbarHolder.removeAll()
        toolbarHolder.add(component, BorderLayout.CENTER)
        toolbarHolder.revalidate()
    }

    fun showInstallPopup(anchor: Component) {
        installPopup.open(anchor, host, state is ServerState.Running) { server.clients.clientsList() }
    }

    /** Unsubscribes from the server and the filter. */
    override fun close() {
        server.removeStateListener(stateListener)
        server.history.removeHistoryListener(historyListener)
        filter.removeListener(filterListener)
    }

    /** The call shown in the details area, if any. */
    val selectedEntry: HistoryEntry? get() = list.selectedValue

    // ---- state and history --------------------------------------------------------------------

    internal fun showState(next: ServerState) {
        val wasRunning = state is ServerState.Running
        state = next
        status.show(next, settings().mcpPort)
        if (next is ServerState.Running) {
            emptyUrl.text = UiBundle.message("toolwindow.empty.url", next.url)
            if (!wasRunning) reload()
        }
        if (next is ServerState.Stopped) {
            notRunningText.text = "<html><div style='text-align:center;width:440px'><b>" + UiBundle.message("toolwindow.not.running.title") + "</b><br><br>" +
                escapeHtml(StatusTexts.why(next, settings().mcpPort)).replace("\n", "<br><br>") + "</div></html>"
        }
        updateCard()
        updateButtons()
    }

    /** Refresh: the server's state, then its whole history. */
    internal fun refresh() {
        val wasRunning = state is ServerState.Running
        showState(server.state())
        // showState already reloads when the server has just come up.
        if (wasRunning && state is ServerState.Running) reload()
    }

    private fun reload() {
        val page = try {
            server.history.historyList()
        } catch (e: RuntimeException) {
            java.util.concurrent.CompletableFuture.failedFuture<HistoryPage>(e)
        }
        page.whenComplete { p, error ->
            host.onUiThread {
                // A failure here means the server went away; its state listener says so.
                if (error == null) {
                    val selected = selectedEntry?.id
                    model.reload(p.entries)
                    afterChange(selected, newest = null)
                }
            }
        }
    }

    internal fun applyChange(change: HistoryChange) {
        val selected = selectedEntry?.id
        val added = (change as? HistoryChange.Added)?.entry?.takeIf { model.entry(it.id) == null }
        val view = listScroll.viewport.viewPosition
        model.apply(change)
        val at = added?.let { model.indexOf(it.id) } ?: -1
        if (at >= 0 && !settings().autoScroll && view.y > 0 && list.getCellBounds(at, at).y <= view.y) {
            // The user scrolled down to read: a row added above keeps the same rows in view.
            listScroll.viewport.viewPosition = java.awt.Point(view.x, view.y + list.getCellBounds(at, at).height)
        }
        afterChange(selected, newest = added)
    }

    /** Restores or moves the selection, and refreshes what depends on the list. */
    private fun afterChange(selectedBefore: Long?, newest: HistoryEntry?) {
        filterBar.setTools(model.tools())
        if (newest != null && settings().autoScroll && model.indexOf(newest.id) >= 0) {
            select(model.indexOf(newest.id))
        } else if (selectedBefore != null) {
            val at = model.indexOf(selectedBefore)
            if (at >= 0) select(at, scroll = false) else list.clearSelection()
        }
        showDetails()
        updateCard()
        updateButtons()
    }

    private fun select(index: Int, scroll: Boolean = true) {
        if (list.selectedIndex != index) list.selectedIndex = index
        if (scroll) list.ensureIndexIsVisible(index)
    }

    private fun filterChanged() {
        filterBar.sync()
        val selected = selectedEntry?.id
        model.refilter()
        afterChange(selected, newest = null)
    }

    private fun showDetails() {
        val e = selectedEntry
        val text = e?.let { HistoryTexts.details(it) } ?: if (model.size > 0) UiBundle.message("toolwindow.details.select.call") else ""
        if (details.text != text) {
            details.text = text
            details.caretPosition = 0
        }
    }

    private fun updateCard() {
        val card = when {
            state is ServerState.Stopped -> CARD_NOT_RUNNING
            model.totalSize == 0 -> CARD_EMPTY
            model.size == 0 -> CARD_NO_MATCH
            else -> CARD_LIST
        }
        cards.show(center, card)
        visibleCard = card
    }

    private fun updateButtons() {
        plainButtons.forEach { b -> b.isEnabled = (b.getClientProperty(PanelAction::class.java) as PanelAction).isEnabled() }
    }

    // ---- actions ---------------------------------------------------------------------------------

    private fun copyUrl(url: String) {
        host.copyToClipboard(url)
        host.notify(NoticeKind.INFO, UiBundle.message("notification.url.copied.title"), UiBundle.message("notification.url.copied.content", url))
    }

    private fun copyRule() {
        host.copyToClipboard(AgentRuleTipPanel.RULE)
        host.notify(NoticeKind.INFO, AgentRuleTipPanel.COPIED_TITLE, AgentRuleTipPanel.COPIED_CONTENT)
    }

    internal fun clearHistory() {
        val n = model.totalSize
        val yes = host.askYesNo(
            UiBundle.message("dialog.clear.history.title"),
            UiBundle.message("dialog.clear.history.message", n),
            UiBundle.message("dialog.clear.history.yes"), UiBundle.message("dialog.clear.history.no"),
        )
        if (!yes) return
        server.history.clearHistory().whenComplete { _, error ->
            host.onUiThread {
                if (error != null) host.notify(NoticeKind.ERROR, UiBundle.message("notification.clear.failed.title"), failureReason(error))
                else applyChange(HistoryChange.Cleared)
            }
        }
    }

    internal fun exportHistory() {
        val chosen = host.chooseExportFile(UiBundle.message("dialog.export.history.title"), EXPORT_DEFAULT_NAME, EXPORT_FORMATS.keys.toList()) ?: return
        val name = chosen.fileName?.toString() ?: ""
        val ext = name.substringAfterLast('.', "").lowercase()
        val format = EXPORT_FORMATS[ext] ?: "json"
        val target = if (ext in EXPORT_FORMATS) chosen else chosen.resolveSibling("$name.json")
        server.history.exportHistory(format).whenComplete { content, error ->
            if (error != null) {
                host.onUiThread { host.notify(NoticeKind.ERROR, UiBundle.message("notification.export.failed.title"), failureReason(error)) }
            } else {
                host.inBackground { write(target, content, format) }
            }
        }
    }

    private fun write(target: Path, content: String, format: String) {
        try {
            Files.writeString(target, content)
            host.onUiThread { host.notify(NoticeKind.INFO, UiBundle.message("notification.exported.title"), UiBundle.message("notification.exported.content", format.uppercase(), target)) }
        } catch (e: java.io.IOException) {
            host.onUiThread { host.notify(NoticeKind.ERROR, UiBundle.message("notification.export.failed.title"), UiBundle.message("notification.export.failed.write", target, e.message.toString())) }
        }
    }

    // ---- the states shown instead of the list ------------------------------------------------------

    private fun emptyState(): JComponent {
        val steps = JLabel(
            "<html><div style='text-align:center'><b>" + UiBundle.message("toolwindow.empty.title") + "</b><br><br>" +
                UiBundle.message("toolwindow.empty.step.install") + "<br>" +
                UiBundle.message("toolwindow.empty.step.ask") + "<br><br>" +
                UiBundle.message("toolwindow.empty.live") + "</div></html>",
        )
        emptyUrl.foreground = theme.color(ThemeColor.SECONDARY_TEXT)
        return message(steps, emptyUrl)
    }

    /** A centred message with one more line under it. */
    private fun message(text: JLabel, below: JComponent): JComponent = JPanel(GridBagLayout()).apply {
        text.horizontalAlignment = JLabel.CENTER
        add(text, GridBagConstraints().apply { gridy = 0; insets = Insets(8, 16, 4, 16) })
        add(below, GridBagConstraints().apply { gridy = 1; insets = Insets(4, 16, 8, 16) })
    }
}
