// The "Debugger MCP" tool window's content (FR-2.10.1): toolbar and Install button, server
// status, the agent-rule tip, filters, the history list and the details of the selected call.
// Plain Swing over UiHost and ServerControl.
package dev.jetbrainsdebugger.toolwindow

import java.awt.BorderLayout
import java.awt.Component
import javax.swing.JComponent
import javax.swing.JPanel

/** The whole tool window content. */
class DebuggerToolWindowPanel(
    private val host: UiHost,
    private val server: ServerControl,
    private val settings: () -> PluginSettings,
    private val filter: HistoryFilter,
    private val projectName: String?,
) : JPanel(BorderLayout()), AutoCloseable {
    /** Refresh, Copy URL, Clear History, Export History, in order. */
    val toolbarActions: List<PanelAction> = emptyList()

    /** The IDE puts its ActionToolbar here (left of the Install button); without it, plain buttons are shown. */
    fun setToolbar(component: JComponent) {
        add(component, BorderLayout.NORTH)
    }

    fun showInstallPopup(anchor: Component) {
    }

    /** Unsubscribes from the server and the filter. */
    override fun close() {
    }
}
