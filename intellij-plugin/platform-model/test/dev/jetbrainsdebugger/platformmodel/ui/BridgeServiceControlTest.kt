// DebuggerBridgeService as the tool window's ServerControl over the model, with a bundled
// binary that does not exist: the state says why, a balloon offers Restart, and Restart (or a
// new port) starts the server again, which fails again the same way.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.notification.NotificationType
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.McpSettingsService
import dev.jetbrainsdebugger.toolwindow.ServerProblem
import dev.jetbrainsdebugger.toolwindow.ServerState
import org.junit.jupiter.api.Test
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

class BridgeServiceControlTest {
    private fun UiModel.failures() = ui.notifications.all.filter { "stopped" in it.content }

    private fun UiModel.awaitFailures(count: Int) = awaitValue("$count failure balloons") { failures().takeIf { it.size >= count } }

    @Test
    fun `a missing binary stops the server with the reason, and a balloon offers Restart`() = withUiModel {
        val service = DebuggerBridgeService.getInstance()!!
        val states = CopyOnWriteArrayList<ServerState>()
        service.addStateListener { states += it }
        service.ensureStarted()
        val balloon = awaitFailures(1).single()
        assertEquals(NotificationType.ERROR, balloon.type)
        assertEquals(DebuggerBridgeService.NOTIFICATION_GROUP, balloon.notification.groupId)
        assertNull(balloon.project)
        assertTrue(balloon.onEdt)
        assertEquals(listOf("Restart"), balloon.actionTexts)
        assertTrue(missingBinary.toString() in balloon.content, balloon.content)
        val state = service.state() as ServerState.Stopped
        assertEquals(ServerProblem.BINARY_MISSING, state.problem)
        assertTrue(missingBinary.toString() in state.detail, state.detail)
        assertTrue(states.any { it is ServerState.Stopped }, "the listener was not told: $states")
    }

    @Test
    fun `Restart starts the server again and expires the balloon`() = withUiModel {
        val service = DebuggerBridgeService.getInstance()!!
        service.ensureStarted()
        val first = awaitFailures(1).single()
        first.clickOnEdt("Restart")
        assertTrue(first.notification.isExpired, "the Restart balloon stays after Restart")
        awaitFailures(2)
        assertTrue(service.state() is ServerState.Stopped)
    }

    @Test
    fun `a new port in the settings restarts a started server`() = withUiModel {
        val service = DebuggerBridgeService.getInstance()!!
        service.ensureStarted()
        awaitFailures(1)
        val settings = McpSettingsService.getInstance()
        onEdt { settings.update(settings.settings.copy(mcpPort = 50321)) }
        awaitFailures(2)
    }

    @Test
    fun `the balloon's text is HTML-escaped like every other balloon of the plugin`() = withUiModel(binaryDir = "mcp <b> & co") {
        DebuggerBridgeService.getInstance()!!.ensureStarted()
        val content = awaitFailures(1).single().content
        // Notification content is HTML: the reason quotes a path (or the binary's last output line) verbatim.
        assertTrue("mcp &lt;b&gt; &amp; co" in content, content)
        assertFalse("<b>" in content, content)
    }
}
