// Messages (MessageDialogBuilder.yesNo(...).ask(...) and the like): the MessagesService
// service, which shows each message as a modal DialogWrapper whose buttons are the options,
// so a test answers it as it answers any dialog (ModelDialogs.answerNext, ShownDialog.click).
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.project.Project
import com.intellij.openapi.ui.DialogWrapper
import com.intellij.openapi.ui.messages.MessagesService
import java.awt.Component
import javax.swing.Action
import javax.swing.Icon
import javax.swing.JComponent
import javax.swing.JLabel

/**
 * Follows platform-api's MessagesService contract as MessagesServiceImpl meets it with
 * com.intellij.openapi.ui.messages.MessageDialog: the answer is the index of the option
 * clicked, -1 when the dialog is closed otherwise (Esc). Simpler: no Mac sheets, no
 * do-not-ask option, no help.
 */
internal class ModelMessages : MessagesService {
    override fun showMessageDialog(
        project: Project?,
        parentComponent: Component?,
        message: String?,
        title: String?,
        options: Array<String>,
        defaultOptionIndex: Int,
        focusedOptionIndex: Int,
        icon: Icon?,
        doNotAskOption: DialogWrapper.DoNotAskOption?,
        alwaysUseIdeaUI: Boolean,
    ): Int {
        val dialog = MessageDialog(project, message.orEmpty(), title.orEmpty(), options, defaultOptionIndex)
        dialog.show()
        return dialog.exitCode
    }
}

/** A message and one button per option; closing it other than by an option answers -1, as upstream's MessageDialog. */
private class MessageDialog(
    project: Project?,
    private val message: String,
    title: String,
    private val options: Array<String>,
    private val defaultOption: Int,
) : DialogWrapper(project, false) {
    init {
        setTitle(title)
        init()
    }

    override fun createCenterPanel(): JComponent = JLabel(message)

    override fun createActions(): Array<Action> = options.mapIndexed { i, option ->
        DialogWrapperExitAction(option, i).apply { if (i == defaultOption) putValue(DEFAULT_ACTION, true) }
    }.toTypedArray()

    override fun doCancelAction() = close(-1)
}
