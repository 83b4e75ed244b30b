// IdeUiHost over the model: what the plain panels get from the IDE (clipboard, balloons of each
// kind, the export save dialog, a yes/no question, the EDT and a background thread) and IdeTheme
// (JBColor pairs following the theme, AllIcons).
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.icons.AllIcons
import com.intellij.notification.NotificationType
import com.intellij.ui.JBColor
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.IdeTheme
import dev.jetbrainsdebugger.intellij.IdeUiHost
import dev.jetbrainsdebugger.toolwindow.NoticeKind
import dev.jetbrainsdebugger.toolwindow.ThemeColor
import dev.jetbrainsdebugger.toolwindow.ThemeIcon
import org.junit.jupiter.api.Test
import java.awt.EventQueue
import java.util.concurrent.CompletableFuture
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

class IdeUiHostTest {
    @Test
    fun `copyToClipboard puts the text on the clipboard`() = withUiModel {
        onEdt { IdeUiHost(project).copyToClipboard("http://127.0.0.1:47823/mcp") }
        assertEquals(listOf("http://127.0.0.1:47823/mcp"), ui.clipboard.texts)
    }

    @Test
    fun `notify shows a balloon of each kind in the project, with its text escaped as HTML`() = withUiModel {
        val host = IdeUiHost(project)
        val kinds = mapOf(NoticeKind.INFO to NotificationType.INFORMATION, NoticeKind.WARNING to NotificationType.WARNING, NoticeKind.ERROR to NotificationType.ERROR)
        onEdt { kinds.keys.forEach { host.notify(it, "Export <done>", "wrote a & b\nto <file>") } }
        val shown = ui.notifications.all
        assertEquals(kinds.values.toList(), shown.map { it.type })
        for (n in shown) {
            assertEquals(DebuggerBridgeService.NOTIFICATION_GROUP, n.notification.groupId)
            assertEquals("Export &lt;done&gt;", n.title)
            assertEquals("wrote a &amp; b<br>to &lt;file&gt;", n.content)
            assertSame(project, n.project)
            assertTrue(n.onEdt)
        }
    }

    @Test
    fun `chooseExportFile answers the chosen file, or null when cancelled`() = withUiModel {
        val host = IdeUiHost(project)
        val chosen = missingBinary.resolveSibling("history.json")
        ui.fileChooser.answerNextSave(chosen)
        ui.fileChooser.answerNextSave(null)
        assertEquals(chosen, onEdt { host.chooseExportFile("Export History", "jetbrains-debugger-history.json", listOf("json")) })
        assertNull(onEdt { host.chooseExportFile("Export History", "jetbrains-debugger-history.json", listOf("json", "csv")) })
        val asked = ui.fileChooser.requests
        assertEquals(listOf("Export History", "Export History"), asked.map { it.title })
        assertEquals(listOf("jetbrains-debugger-history.json", "jetbrains-debugger-history.json"), asked.map { it.suggestedName })
        assertTrue(asked.all { it.project === project })
    }

    @Test
    fun `askYesNo shows a modal question and answers the button clicked`() = withUiModel {
        val host = IdeUiHost(project)
        ui.dialogs.answerNext { it.click("Clear") }
        ui.dialogs.answerNext { it.click("Keep") }
        ui.dialogs.answerNext { it.pressEscape() }
        val answers = (1..3).map { onEdt { host.askYesNo("Clear History", "Clear all 3 calls?", "Clear", "Keep") } }
        assertEquals(listOf(true, false, false), answers)
        val question = ui.dialogs.all.first()
        assertTrue(question.modal)
        assertEquals("Clear History", question.title)
        assertEquals(listOf("Clear", "Keep"), question.buttonTexts)
        assertEquals("Clear", question.defaultButton)
        assertTrue("Clear all 3 calls?" in question.texts)
    }

    @Test
    fun `onUiThread runs on the EDT, inBackground off it, and a failing background task is only logged`() = withUiModel {
        val host = IdeUiHost(project)
        val onUi = CompletableFuture<Boolean>()
        val background = CompletableFuture<Boolean>()
        platform.app.executeOnPooledThread(Runnable { host.onUiThread { onUi.complete(EventQueue.isDispatchThread()) } })
        host.inBackground { background.complete(EventQueue.isDispatchThread()) }
        host.inBackground { throw IllegalStateException("a background task fails") }
        assertTrue(onUi.await(), "onUiThread ran off the EDT")
        assertFalse(background.await(), "inBackground ran on the EDT")
    }

    @Test
    fun `IdeTheme's colours follow the theme and its icons are the platform's`() = withUiModel {
        val link = IdeTheme.color(ThemeColor.LINK)
        try {
            JBColor.setDark(false)
            assertFalse(IdeTheme.dark)
            assertEquals(ThemeColor.LINK.light, link.rgb and 0xFFFFFF)
            JBColor.setDark(true)
            assertTrue(IdeTheme.dark)
            assertEquals(ThemeColor.LINK.dark, link.rgb and 0xFFFFFF)
        } finally {
            JBColor.setDark(false)
        }
        assertSame(AllIcons.General.WarningDialog, IdeTheme.icon(ThemeIcon.WARNING))
        assertEquals(32, IdeTheme.icon(ThemeIcon.WARNING).iconHeight)
    }
}
