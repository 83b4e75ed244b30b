// How the model invokes an AnAction as the platform's UI does: a fresh presentation cloned
// from the template, an AnActionEvent over a data context, update() then, when the
// presentation is enabled, actionPerformed(), on the EDT (ActionUtil.performActionDumbAwareWithCallbacks
// after lastUpdateAndCheckDumb, editor-ui-api/platform-impl).
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.actionSystem.DataContext
import java.awt.event.InputEvent

internal object ModelActionEvents {
    /** A data context answering [data] by id (upstream keys them with DataKey, whose name is the id). */
    fun context(data: Map<String, Any?>) = DataContext { id -> data[id] }

    fun event(action: AnAction, place: String, input: InputEvent?, data: Map<String, Any?>): AnActionEvent =
        AnActionEvent(input, context(data), place, action.templatePresentation.clone(), ActionManager.getInstance(), input?.modifiersEx ?: 0)

    /** Updates then performs [action] (EDT only); returns whether it was enabled and so performed. */
    fun perform(action: AnAction, place: String, input: InputEvent?, data: Map<String, Any?>): Boolean {
        modelApplication().assertIsDispatchThread()
        val event = event(action, place, input, data)
        action.update(event)
        if (!event.presentation.isEnabled) return false
        action.actionPerformed(event)
        return true
    }
}
