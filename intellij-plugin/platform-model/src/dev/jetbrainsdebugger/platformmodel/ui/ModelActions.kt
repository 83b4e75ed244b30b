// Actions: the ActionManager service and the toolbars it creates. A toolbar lays out one
// button per action of its group; a test updates it as the platform's toolbar updater does
// (each action's update() on the thread its getActionUpdateThread() names) and clicks its
// buttons (update, then perform, on the EDT), and reads what a user would see: each action's
// text, description, icon and enabled state.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.actionSystem.ActionGroup
import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.actionSystem.ActionToolbar
import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.util.ThrowableComputable
import java.awt.EventQueue
import java.awt.FlowLayout
import java.awt.event.MouseEvent
import java.util.concurrent.Callable
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import javax.swing.Icon
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JPanel

/** Follows editor-ui-api's ActionManager.createActionToolbar (an application service). Registered actions and popups are not modelled. */
internal class ModelActionManager : ActionManager() {
    val toolbars = CopyOnWriteArrayList<ModelActionToolbar>()

    override fun createActionToolbar(place: String, group: ActionGroup, horizontal: Boolean): ActionToolbar =
        ModelActionToolbar(place, group).also { toolbars += it }
}

/** What one toolbar button shows after an update, and on which thread update() ran. */
data class ActionView(val text: String?, val description: String?, val icon: Icon?, val enabled: Boolean, val updatedOnEdt: Boolean)

/**
 * Follows ActionToolbarImpl: the group's children, updated on their ActionUpdateThread (BGT
 * inside a read action on a pooled thread, EDT on the EDT), performed on the EDT with a mouse
 * event on the action's button. Simpler: no separators, no async session, no data context
 * from the target component (the event's data context is empty).
 */
class ModelActionToolbar internal constructor(val place: String, private val group: ActionGroup) : ActionToolbar {
    private val panel = JPanel(FlowLayout(FlowLayout.LEADING, 0, 0))
    private val buttons = HashMap<AnAction, JButton>()

    @Volatile var targetComponent: JComponent? = null
        private set

    override fun getComponent(): JComponent = panel

    override fun setTargetComponent(component: JComponent?) {
        targetComponent = component
    }

    private fun actions(): List<AnAction> = group.getChildren(null).toList()

    private fun buttonOf(action: AnAction): JButton = synchronized(buttons) {
        buttons.getOrPut(action) { JButton().also { panel.add(it) } }
    }

    /** Updates every action as the toolbar's updater does (call from a test thread); what the buttons show. */
    fun update(): List<ActionView> = actions().map { action ->
        when (action.actionUpdateThread) {
            ActionUpdateThread.BGT -> modelApplication().executeOnPooledThread(Callable {
                modelApplication().runReadAction(ThrowableComputable<ActionView, RuntimeException> { view(action) })
            }).get(WAIT_SECONDS, TimeUnit.SECONDS)
            else -> modelApplication().onEdtAndWait { view(action) }
        }
    }

    private fun view(action: AnAction): ActionView {
        val event = ModelActionEvents.event(action, place, null, emptyMap())
        action.update(event)
        val p = event.presentation
        buttonOf(action).apply { toolTipText = p.text; isEnabled = p.isEnabled; icon = p.icon }
        return ActionView(p.text, p.description, p.icon, p.isEnabled, EventQueue.isDispatchThread())
    }

    /** Clicks the button of the action titled [text] (from a test thread); whether it was enabled and performed. */
    fun clickOnEdt(text: String): Boolean {
        val action = actions().firstOrNull { it.templatePresentation.text == text }
            ?: throw AssertionError("no action '$text' in ${actions().map { it.templatePresentation.text }}")
        return modelApplication().onEdtAndWait {
            val button = buttonOf(action)
            val click = MouseEvent(button, MouseEvent.MOUSE_RELEASED, System.currentTimeMillis(), 0, 1, 1, 1, false, MouseEvent.BUTTON1)
            ModelActionEvents.perform(action, place, click, emptyMap())
        }
    }
}
