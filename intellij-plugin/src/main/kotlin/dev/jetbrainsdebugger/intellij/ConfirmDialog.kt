// ui/confirm: asks the user to approve an agent's action. A small modal dialog on the EDT,
// shown in any modality (another dialog may be open), with "Deny" as the default button so
// that Enter does not approve by accident. It closes itself, as denied, shortly before the
// bridge gives up waiting, so no stale question is left on screen.
package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.ui.DialogWrapper
import dev.jetbrainsdebugger.ide.ConfirmRequest
import java.awt.BorderLayout
import java.awt.Dimension
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.JTextArea
import javax.swing.Timer
import java.util.concurrent.CompletableFuture

internal class ConfirmDialog(private val request: ConfirmRequest) : DialogWrapper(null, true) {
    init {
        setTitle(request.title.ifBlank { "Debugger MCP" })
        setOKButtonText("Allow")
        setCancelButtonText("Deny")
        okAction.putValue(DEFAULT_ACTION, null)
        cancelAction.putValue(DEFAULT_ACTION, true)
        init()
    }

    override fun createCenterPanel(): JComponent {
        val text = JTextArea(request.message).apply {
            isEditable = false
            lineWrap = true
            wrapStyleWord = true
            isOpaque = false
            border = null
        }
        return JPanel(BorderLayout(0, 8)).apply {
            add(JLabel("An AI agent connected through the Debugger MCP server (tool: ${request.tool}) asks:"), BorderLayout.NORTH)
            add(JScrollPane(text).apply { border = null; preferredSize = Dimension(460, 90) }, BorderLayout.CENTER)
        }
    }

    companion object {
        /** Shows the dialog (EDT, any modality); completes with true when the user allowed. */
        fun ask(request: ConfirmRequest, closeAfterMs: Long): CompletableFuture<Boolean> = Async.onEdt {
            val dialog = ConfirmDialog(request)
            val timer = Timer(closeAfterMs.toInt()) { if (dialog.isShowing) dialog.close(CANCEL_EXIT_CODE) }
            timer.isRepeats = false
            timer.start()
            try {
                dialog.showAndGet()
            } finally {
                timer.stop()
            }
        }
    }
}
