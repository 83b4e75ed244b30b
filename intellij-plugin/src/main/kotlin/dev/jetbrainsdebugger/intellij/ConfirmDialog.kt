// ui/confirm: asks the user to approve an agent's action. A modal DialogWrapper on the EDT,
// shown in any modality (another dialog may be open), around the plain ConfirmationPanel
// (which action, project, configuration or expression). Three answers: Allow for This
// Session, Allow Once, and Deny, the default button, so that Enter does not approve by
// accident. It closes itself, as denied, shortly before the bridge gives up waiting, so no
// stale question is left on screen. The EDT is never blocked on the bridge: the bridge's
// future completes when the dialog closes, even while another dialog opened over it (a second
// confirmation asked at the same time) keeps its show() from returning.
package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.ui.DialogWrapper
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.toolwindow.ConfirmationPanel
import dev.jetbrainsdebugger.toolwindow.ConfirmationTexts
import java.awt.event.ActionEvent
import java.util.concurrent.CompletableFuture
import javax.swing.Action
import javax.swing.JComponent
import javax.swing.Timer

internal class ConfirmDialog(
    private val request: ConfirmRequest,
    private val answered: (ConfirmDecision) -> Unit,
) : DialogWrapper(null, true) {
    private val allowForSession = object : DialogWrapperAction(ConfirmationTexts.ALLOW_SESSION) {
        override fun doAction(e: ActionEvent) = close(ALLOW_SESSION_EXIT_CODE)
    }

    init {
        setTitle(ConfirmationTexts.title(request))
        setOKButtonText(ConfirmationTexts.ALLOW_ONCE)
        setCancelButtonText(ConfirmationTexts.DENY)
        okAction.putValue(DEFAULT_ACTION, null)
        cancelAction.putValue(DEFAULT_ACTION, true)
        init()
    }

    override fun createCenterPanel(): JComponent = ConfirmationPanel(request, IdeTheme)

    override fun createActions(): Array<Action> = arrayOf(allowForSession, okAction, cancelAction)

    /** Closing disposes the dialog (also when the IDE exits): the answer leaves once it is off screen, not when show() returns. */
    override fun dispose() {
        try {
            super.dispose()
        } finally {
            answered(decision())
        }
    }

    /** The answer the dialog closed with; closing it any other way (Esc, the timer, the window's X) denies. */
    private fun decision(): ConfirmDecision = when (exitCode) {
        OK_EXIT_CODE -> ConfirmDecision.ALLOW_ONCE
        ALLOW_SESSION_EXIT_CODE -> ConfirmDecision.ALLOW_SESSION
        else -> ConfirmDecision.DENY
    }

    companion object {
        private const val ALLOW_SESSION_EXIT_CODE = NEXT_USER_EXIT_CODE

        /** Shows the dialog (EDT, any modality); completes with the user's decision as soon as it closes. */
        fun ask(request: ConfirmRequest, closeAfterMs: Long): CompletableFuture<ConfirmDecision> {
            val decision = CompletableFuture<ConfirmDecision>()
            Async.onUiThread {
                val dialog = ConfirmDialog(request) { decision.complete(it) }
                val timer = Timer(closeAfterMs.toInt()) { if (dialog.isShowing) dialog.close(CANCEL_EXIT_CODE) }
                timer.isRepeats = false
                timer.start()
                try {
                    dialog.show()
                } finally {
                    timer.stop()
                }
            }.whenComplete { _, error -> if (error != null) decision.completeExceptionally(error) }
            return decision
        }
    }
}
