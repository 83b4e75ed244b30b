// ConfirmDialog (ui/confirm) over the model: a modal DialogWrapper with the request's texts and
// three buttons, each answer (and Esc, and the timer) giving its decision, without blocking the
// EDT, and with the modality rules the bridge relies on while it is open.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.intellij.ConfirmDialog
import dev.jetbrainsdebugger.intellij.IdeUiHost
import dev.jetbrainsdebugger.intellij.IntellijIdeFacade
import dev.jetbrainsdebugger.toolwindow.ConfirmationTexts
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CompletableFuture
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class ConfirmDialogTest {
    private val request = ConfirmRequest(
        tool = "evaluate",
        title = "Evaluate an expression with side effects?",
        message = "The agent wants to evaluate an expression that may change the program's state.",
        project = "calculator",
        subject = "stack.pop()",
        sessionId = "session-1",
    )

    /** Asks, lets [user] act on the dialog shown, and returns the decision; the dialog is closed afterwards. */
    private fun UiModel.decide(closeAfterMs: Long = 60_000, user: (ShownDialog) -> Unit): ConfirmDecision {
        val decision = ConfirmDialog.ask(request, closeAfterMs)
        val dialog = ui.dialogs.awaitShown()
        user(dialog)
        return decision.await().also { assertFalse(dialog.isOpen, "the dialog is still open after it answered") }
    }

    @Test
    fun `the dialog is modal and shows the request, its three buttons in order, Deny the default`() = withUiModel {
        val decision = decide { dialog ->
            assertTrue(dialog.modal)
            assertTrue(dialog.isOpen)
            assertEquals(ConfirmationTexts.title(request), dialog.title)
            assertEquals(listOf(ConfirmationTexts.ALLOW_SESSION, ConfirmationTexts.ALLOW_ONCE, ConfirmationTexts.DENY), dialog.buttonTexts)
            assertEquals(ConfirmationTexts.DENY, dialog.defaultButton)
            val shown = dialog.texts.joinToString("\n")
            for (text in listOf(request.message, request.subject!!, request.project!!, "Expression:")) {
                assertTrue(text in shown, "the dialog does not show '$text': $shown")
            }
            dialog.clickOnEdt(ConfirmationTexts.DENY)
        }
        assertEquals(ConfirmDecision.DENY, decision)
    }

    @Test
    fun `Allow Once allows once`() = withUiModel {
        assertEquals(ConfirmDecision.ALLOW_ONCE, decide { it.clickOnEdt(ConfirmationTexts.ALLOW_ONCE) })
    }

    @Test
    fun `Allow for This Session allows for the session`() = withUiModel {
        assertEquals(ConfirmDecision.ALLOW_SESSION, decide { it.clickOnEdt(ConfirmationTexts.ALLOW_SESSION) })
    }

    @Test
    fun `Esc denies`() = withUiModel {
        assertEquals(ConfirmDecision.DENY, decide { it.pressEscapeOnEdt() })
    }

    @Test
    fun `closing the window denies`() = withUiModel {
        assertEquals(ConfirmDecision.DENY, decide { it.closeWindowOnEdt() })
    }

    @Test
    fun `an unanswered dialog closes itself as denied when its timer fires`() = withUiModel {
        assertEquals(ConfirmDecision.DENY, decide(closeAfterMs = 200) { })
        assertEquals(1, ui.dialogs.all.size)
    }

    @Test
    fun `the facade's confirm goes through the same dialog`() = withUiModel {
        val decision = IntellijIdeFacade().confirm(request)
        ui.dialogs.awaitShown().clickOnEdt(ConfirmationTexts.ALLOW_ONCE)
        assertEquals(ConfirmDecision.ALLOW_ONCE, decision.await())
    }

    @Test
    fun `while it is open, work queued in any modality runs and non-modal work waits until it closes`() = withUiModel {
        val decision = ConfirmDialog.ask(request, 60_000)
        val dialog = ui.dialogs.awaitShown()
        val nonModal = CompletableFuture<Boolean>()
        val anyModality = CompletableFuture<Boolean>()
        val app = ApplicationManager.getApplication()
        app.invokeLater({ nonModal.complete(dialog.isOpen) }, ModalityState.nonModal())
        // Queued after the non-modal task: when it has run, the non-modal one was passed over, not merely late.
        app.invokeLater({ anyModality.complete(dialog.isOpen) }, ModalityState.any())
        assertTrue(anyModality.await(), "any-modality work did not run inside the dialog's loop")
        assertFalse(nonModal.isDone, "non-modal work ran while the modal dialog was open")
        dialog.clickOnEdt(ConfirmationTexts.ALLOW_ONCE)
        assertEquals(ConfirmDecision.ALLOW_ONCE, decision.await())
        assertFalse(nonModal.await(), "non-modal work should run once the dialog has closed")
    }

    @Test
    fun `it is shown and answered while another modal dialog is open`() = withUiModel {
        val question = CompletableFuture<Boolean>()
        ApplicationManager.getApplication().invokeLater({
            question.complete(IdeUiHost(null).askYesNo("Clear History", "Clear all calls?", "Clear", "Keep"))
        }, ModalityState.nonModal())
        val outer = ui.dialogs.awaitShown(0)
        val decision = ConfirmDialog.ask(request, 60_000)
        val inner = ui.dialogs.awaitShown(1)
        assertEquals(ConfirmationTexts.title(request), inner.title)
        inner.clickOnEdt(ConfirmationTexts.ALLOW_SESSION)
        assertEquals(ConfirmDecision.ALLOW_SESSION, decision.await())
        assertTrue(outer.isOpen, "answering the confirmation closed the dialog behind it")
        outer.clickOnEdt("Keep")
        assertFalse(question.await())
    }

    @Test
    fun `a confirmation that closes under another one answers at once, not when the one above closes`() = withUiModel {
        // Two tool calls asking at once (the server does not serialise ui/confirm): the second dialog opens inside
        // the first one's modal loop, so the first one's show() cannot return until the second closes.
        val first = ConfirmDialog.ask(request, closeAfterMs = 2_000)
        val covered = ui.dialogs.awaitShown(0)
        val second = ConfirmDialog.ask(request.copy(subject = "other()"), closeAfterMs = 60_000)
        val above = ui.dialogs.awaitShown(1)
        assumeTrue(covered.isOpen, "the machine took longer than the first dialog's timer to show the second")
        awaitValue("the first dialog closed by its timer") { true.takeIf { !covered.isOpen } }
        assertTrue(above.isOpen)
        assertEquals(ConfirmDecision.DENY, first.await(), "the first answer waited for the dialog above it")
        above.clickOnEdt(ConfirmationTexts.ALLOW_ONCE)
        assertEquals(ConfirmDecision.ALLOW_ONCE, second.await())
    }
}
