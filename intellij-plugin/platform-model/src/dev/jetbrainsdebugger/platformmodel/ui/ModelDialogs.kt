// Dialogs: the DialogWrapperPeerFactory service, whose peers stand in for the dialog window.
// A modal peer's show() enters the core's modality on the EDT and pumps until the dialog
// closes, as DialogWrapperPeerImpl's modal JDialog does; every dialog shown is recorded as a
// ShownDialog (title, texts, buttons, default button) through which a test answers it like a
// user: a click or Esc, dispatched on the EDT inside the modal loop.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.project.Project
import com.intellij.openapi.ui.DialogWrapper
import com.intellij.openapi.ui.DialogWrapperPeer
import com.intellij.openapi.ui.DialogWrapperPeerFactory
import dev.jetbrainsdebugger.platformmodel.core.ModalEntry
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import java.awt.event.ActionEvent
import java.awt.event.KeyEvent
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CopyOnWriteArrayList
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JRootPane
import javax.swing.KeyStroke

/**
 * Follows platform-api's DialogWrapperPeerFactory (an application service creating the peer of
 * each DialogWrapper). Simpler than DialogWrapperPeerImpl: no window, size, focus or owner; a
 * modeless dialog is recorded but does not pump.
 */
class ModelDialogs(private val app: ModelApplication) : DialogWrapperPeerFactory() {
    private val shown = CopyOnWriteArrayList<ShownDialog>()
    private val responders = ConcurrentLinkedQueue<(ShownDialog) -> Unit>()

    /** Every dialog shown so far, oldest first. */
    val all: List<ShownDialog> get() = shown.toList()

    /** The dialogs open now. */
    val open: List<ShownDialog> get() = shown.filter { it.isOpen }

    override fun createPeer(
        wrapper: DialogWrapper,
        project: Project?,
        canBeParent: Boolean,
        ideModalityType: DialogWrapper.IdeModalityType?,
    ): DialogWrapperPeer = Peer(wrapper, ideModalityType != DialogWrapper.IdeModalityType.MODELESS)

    /** The next dialog shown is answered by [responder], run on the EDT inside its modal loop (a scripted user). */
    fun answerNext(responder: (ShownDialog) -> Unit) {
        responders += responder
    }

    /** Waits (bounded) for the [index]-th dialog ever shown (0 = the first). */
    fun awaitShown(index: Int = 0): ShownDialog = awaitValue("dialog #$index") { shown.getOrNull(index) }

    /** The window of one DialogWrapper. */
    private inner class Peer(private val wrapper: DialogWrapper, private val modal: Boolean) : DialogWrapperPeer() {
        private val rootPane = JRootPane()
        private var title: String? = null
        @Volatile private var showing = false
        private var modalEntry: ModalEntry? = null
        private var disposed = false

        override fun getRootPane(): JRootPane = rootPane

        override fun getTitle(): String? = title

        override fun setTitle(title: String?) {
            this.title = title
        }

        override fun isModal(): Boolean = modal

        override fun isVisible(): Boolean = showing

        override fun isShowing(): Boolean = showing

        override fun setContentPane(content: JComponent) {
            rootPane.contentPane = content
        }

        override fun show() {
            app.assertIsDispatchThread()
            if (disposed) return
            showing = true
            val dialog = ShownDialog(wrapper, title.orEmpty(), rootPane, modal) { showing }
            shown += dialog
            responders.poll()?.let { answer -> app.invokeLater({ if (dialog.isOpen) answer(dialog) }, ModalityState.any()) }
            if (!modal) return
            val entry = app.openModal("dialog '${title.orEmpty()}'")
            modalEntry = entry
            // The nested loop of the modal JDialog: returns once dispose() closed the modality.
            if (showing) entry.pump()
        }

        override fun dispose() {
            disposed = true
            showing = false
            modalEntry?.close()
            modalEntry = null
        }
    }
}

/** A dialog as the user sees it. Its actions must run on the EDT: use the *OnEdt forms from a test thread. */
class ShownDialog internal constructor(
    private val wrapper: DialogWrapper,
    val title: String,
    private val rootPane: JRootPane,
    val modal: Boolean,
    private val showing: () -> Boolean,
) {
    val isOpen: Boolean get() = showing()

    /** Labels, text and buttons, in layout order. */
    val texts: List<String> get() = SwingTexts.of(rootPane.contentPane)

    private val buttons: List<JButton> get() = SwingTexts.find<JButton>(rootPane.contentPane).filter { it.action != null }

    /** The buttons' texts, in order. */
    val buttonTexts: List<String> get() = buttons.map { it.text }

    /** The button Enter presses. */
    val defaultButton: String? get() = rootPane.defaultButton?.text

    val exitCode: Int get() = wrapper.exitCode

    /** Clicks the button labelled [text] (EDT). */
    fun click(text: String) {
        val button = buttons.firstOrNull { it.text == text } ?: throw AssertionError("no button '$text' in $buttonTexts")
        button.action.actionPerformed(ActionEvent(button, ActionEvent.ACTION_PERFORMED, text))
    }

    /** Presses Esc (EDT): whatever the dialog registered for it on its root pane. */
    fun pressEscape() {
        val escape = KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0)
        val listener = rootPane.getActionForKeyStroke(escape) ?: throw AssertionError("dialog '$title' does not handle Esc")
        listener.actionPerformed(ActionEvent(rootPane, ActionEvent.ACTION_PERFORMED, "escape"))
    }

    /** Clicks the window's close button (EDT): DialogWrapperPeerImpl cancels the dialog when shouldCloseOnCross(). */
    fun closeWindow() {
        if (wrapper.shouldCloseOnCross()) wrapper.doCancelAction()
    }

    fun closeWindowOnEdt() = modelApplication().onEdtAndWait { closeWindow() }

    fun clickOnEdt(text: String) = modelApplication().onEdtAndWait { click(text) }

    fun pressEscapeOnEdt() = modelApplication().onEdtAndWait { pressEscape() }

    override fun toString() = "ShownDialog('$title', buttons=$buttonTexts, open=$isOpen)"
}
