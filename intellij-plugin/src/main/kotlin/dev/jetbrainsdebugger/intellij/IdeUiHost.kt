package dev.jetbrainsdebugger.intellij

import com.intellij.icons.AllIcons
import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.fileChooser.FileChooserFactory
import com.intellij.openapi.fileChooser.FileSaverDescriptor
import com.intellij.openapi.ide.CopyPasteManager
import com.intellij.openapi.project.Project
import com.intellij.openapi.ui.MessageDialogBuilder
import com.intellij.ui.JBColor
import dev.jetbrainsdebugger.toolwindow.NoticeKind
import dev.jetbrainsdebugger.toolwindow.ThemeColor
import dev.jetbrainsdebugger.toolwindow.ThemeIcon
import dev.jetbrainsdebugger.toolwindow.UiHost
import dev.jetbrainsdebugger.toolwindow.UiTheme
import java.awt.Color
import java.awt.datatransfer.StringSelection
import java.nio.file.Path
import java.util.EnumMap
import javax.swing.Icon

/**
 * What the plain Swing panels (package toolwindow) get from the IDE: the platform's
 * clipboard, balloon notifications, save dialog and yes/no message, its threads, and its
 * colours (JBColor, following the theme live) and icons (AllIcons).
 */
internal class IdeUiHost(private val project: Project?) : UiHost {
    override val theme: UiTheme get() = IdeTheme

    override fun copyToClipboard(text: String) {
        CopyPasteManager.getInstance().setContents(StringSelection(text))
    }

    override fun notify(kind: NoticeKind, title: String, content: String) {
        val type = when (kind) {
            NoticeKind.INFO -> NotificationType.INFORMATION
            NoticeKind.WARNING -> NotificationType.WARNING
            NoticeKind.ERROR -> NotificationType.ERROR
        }
        NotificationGroupManager.getInstance().getNotificationGroup(DebuggerBridgeService.NOTIFICATION_GROUP)
            ?.createNotification(balloonHtml(title), balloonHtml(content), type)
            ?.notify(project)
    }

    override fun chooseExportFile(title: String, defaultName: String, extensions: List<String>): Path? {
        // The vararg-extensions constructor is deprecated: one extension filters the dialog, several leave it open.
        val descriptor = extensions.singleOrNull()?.let { FileSaverDescriptor(title, "", it) } ?: FileSaverDescriptor(title, "")
        val chosen = FileChooserFactory.getInstance().createSaveFileDialog(descriptor, project).save(null as Path?, defaultName)
        return chosen?.file?.toPath()
    }

    override fun askYesNo(title: String, message: String, yesText: String, noText: String): Boolean =
        MessageDialogBuilder.yesNo(title, message).yesText(yesText).noText(noText).ask(project)

    /** Pure UI work: allowed to run while a modal dialog is open (the tool window stays live behind it). */
    override fun onUiThread(block: () -> Unit) = Async.laterUi(block)

    override fun inBackground(block: () -> Unit) {
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                block()
            } catch (t: Throwable) {
                IntellijLog.warn("a Debugger MCP background task failed", t)
            }
        }
    }
}

/** Plain text as a balloon's title or content, which the platform renders as HTML: a CLI's output or a path may hold <, > and &. */
internal fun balloonHtml(text: String): String =
    text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")

/** ThemeColor pairs as JBColors (they follow a theme switch without recreating the panels), ThemeIcon as AllIcons. */
internal object IdeTheme : UiTheme {
    private val colors = EnumMap<ThemeColor, Color>(ThemeColor::class.java).apply {
        for (c in ThemeColor.values()) put(c, JBColor(c.light, c.dark))
    }

    override val dark: Boolean get() = !JBColor.isBright()

    override fun color(c: ThemeColor): Color = colors.getValue(c)

    override fun icon(i: ThemeIcon): Icon = when (i) {
        ThemeIcon.REFRESH -> AllIcons.Actions.Refresh
        ThemeIcon.COPY -> AllIcons.Actions.Copy
        ThemeIcon.CLEAR -> AllIcons.Actions.GC
        ThemeIcon.EXPORT -> AllIcons.ToolbarDecorator.Export
        ThemeIcon.INSTALL -> AllIcons.Actions.Install
        ThemeIcon.INFO -> AllIcons.General.Information
        ThemeIcon.RESTART -> AllIcons.Actions.Restart
        ThemeIcon.WARNING -> AllIcons.General.WarningDialog
    }
}
