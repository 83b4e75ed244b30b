package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.actionSystem.DefaultActionGroup
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.DumbAwareAction
import com.intellij.openapi.project.Project
import com.intellij.openapi.wm.ToolWindow
import com.intellij.openapi.wm.ToolWindowFactory
import com.intellij.ui.content.ContentFactory
import dev.jetbrainsdebugger.toolwindow.DebuggerToolWindowPanel
import dev.jetbrainsdebugger.toolwindow.PanelAction

/**
 * The "Debugger MCP" tool window (plugin.xml <toolWindow>, anchored bottom): the plain
 * DebuggerToolWindowPanel over the application service, with the panel's toolbar actions
 * turned into the platform's AnActions in a native ActionToolbar. Created once per project
 * frame; the panel unsubscribes when its content is disposed.
 */
class DebuggerToolWindowFactory : ToolWindowFactory, DumbAware {
    override fun createToolWindowContent(project: Project, toolWindow: ToolWindow) {
        val service = DebuggerBridgeService.getInstance() ?: return
        service.ensureStarted()
        val panel = DebuggerToolWindowPanel(
            IdeUiHost(project),
            service,
            { McpSettingsService.getInstance().settings },
            service.historyFilter,
            project.name,
        )
        val actions = DefaultActionGroup()
        panel.toolbarActions.forEach { actions.add(PanelAnAction(it)) }
        val toolbar = ActionManager.getInstance().createActionToolbar(TOOLBAR_PLACE, actions, true)
        toolbar.setTargetComponent(panel)
        panel.setToolbar(toolbar.component)
        val content = ContentFactory.getInstance().createContent(panel, "", false)
        content.setDisposer { panel.close() }
        toolWindow.contentManager.addContent(content)
    }

    companion object {
        const val ID = "Debugger MCP"
        private const val TOOLBAR_PLACE = "DebuggerMcpToolWindow"
    }
}

/** A PanelAction as the platform's action: its enabled state is read on the EDT (it reads Swing state). */
private class PanelAnAction(private val action: PanelAction) :
    DumbAwareAction(action.text, action.description, IdeTheme.icon(action.icon)) {
    override fun getActionUpdateThread(): ActionUpdateThread = ActionUpdateThread.EDT

    override fun update(e: AnActionEvent) {
        e.presentation.isEnabled = action.isEnabled()
    }

    override fun actionPerformed(e: AnActionEvent) {
        action.perform(e.inputEvent?.component)
    }
}
