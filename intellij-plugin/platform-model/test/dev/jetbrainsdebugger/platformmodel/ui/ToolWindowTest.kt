// The "Debugger MCP" tool window over the model: plugin.xml's factory builds one content with
// the panel and a native toolbar whose actions update and perform on the EDT, and disposing the
// content closes the panel (it stops listening to the application service).
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.icons.AllIcons
import dev.jetbrainsdebugger.bridge.HistoryStatus
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.DebuggerToolWindowFactory
import dev.jetbrainsdebugger.toolwindow.DebuggerToolWindowPanel
import org.junit.jupiter.api.Test
import javax.swing.SwingUtilities
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

class ToolWindowTest {
    private fun UiModel.openToolWindow(): ModelToolWindow =
        ui.toolWindows.open(project, DebuggerToolWindowFactory.ID) ?: throw AssertionError("the factory declined the project")

    @Test
    fun `the factory adds one content holding the panel, with the native toolbar in it`() = withUiModel {
        val window = openToolWindow()
        val contents = window.contentManager.contents
        assertNotNull(window.icon, "plugin.xml's tool window icon is not a resource of the plugin")
        assertEquals(1, contents.size)
        val panel = contents.single().component as DebuggerToolWindowPanel
        val toolbar = ui.toolbars.single()
        assertEquals("DebuggerMcpToolWindow", toolbar.place)
        assertSame(panel, toolbar.targetComponent)
        assertTrue(SwingUtilities.isDescendingFrom(toolbar.component, panel), "the toolbar is not inside the panel")
    }

    @Test
    fun `the toolbar's actions update on the EDT and show the panel's actions and state`() = withUiModel {
        openToolWindow()
        // The binary does not exist: the server is stopped, so only Refresh is enabled.
        ui.notifications.await("the server could not start") { it.actionTexts == listOf("Restart") }
        val views = ui.toolbars.single().update()
        assertEquals(listOf("Refresh", "Copy URL", "Clear History", "Export History"), views.map { it.text })
        assertEquals(listOf(AllIcons.Actions.Refresh, AllIcons.Actions.Copy, AllIcons.Actions.GC, AllIcons.ToolbarDecorator.Export), views.map { it.icon })
        assertTrue(views.all { it.updatedOnEdt }, "an action was updated off the EDT: $views")
        assertEquals(listOf(true, false, false, false), views.map { it.enabled })
    }

    @Test
    fun `clicking performs an enabled action on the EDT and skips a disabled one`() = withUiModel {
        openToolWindow()
        ui.notifications.await("the server could not start") { it.actionTexts == listOf("Restart") }
        assertTrue(ui.toolbars.single().clickOnEdt("Refresh"))
        assertFalse(ui.toolbars.single().clickOnEdt("Copy URL"))
        assertEquals(emptyList(), ui.clipboard.texts)
    }

    @Test
    fun `disposing the content closes the panel`() = withUiModel {
        val window = openToolWindow()
        val content = window.contentManager.contents.single() as ModelContent
        val panel = content.component as DebuggerToolWindowPanel
        val filter = DebuggerBridgeService.getInstance()!!.historyFilter
        // The panel follows the shared filter while it is open...
        onEdt { filter.status = HistoryStatus.ERROR }
        assertEquals(HistoryStatus.ERROR.name, onEdt { panel.filterBar.statusBox.selectedItem })
        onEdt { window.contentManager.removeContent(content, true) }
        assertTrue(content.disposed)
        assertEquals(0, window.contentManager.contentCount)
        // ...and not once closed.
        onEdt { filter.status = HistoryStatus.SUCCESS }
        assertEquals(HistoryStatus.ERROR.name, onEdt { panel.filterBar.statusBox.selectedItem })
    }
}
