// What the tool window's plain Swing panels need from whoever hosts them (the IDE, a test,
// the screenshot renderer): clipboard, notifications, the file chooser, a yes/no question,
// threads, and the colours and icons. Nothing here imports IntelliJ; the IDE's glue
// implements these over CopyPasteManager, Notifications, FileChooserFactory, Messages,
// the EDT and JBColor/AllIcons.
package dev.jetbrainsdebugger.toolwindow

import java.awt.Color
import java.awt.Component
import java.awt.Font
import java.nio.file.Path
import javax.swing.Icon

enum class NoticeKind { INFO, WARNING, ERROR }

/** What the host (the IDE, or a test) provides. Called on the UI thread unless said otherwise. */
interface UiHost {
    val theme: UiTheme
    fun copyToClipboard(text: String)
    /** A balloon; [content] is plain text whose lines are separated by `\n` (escape it for HTML). */
    fun notify(kind: NoticeKind, title: String, content: String)

    /** Modal save dialog; null when cancelled. [extensions] without dots, e.g. `json`, `csv`. */
    fun chooseExportFile(title: String, defaultName: String, extensions: List<String>): Path?

    /** Modal yes/no question; true for [yesText]. */
    fun askYesNo(title: String, message: String, yesText: String, noText: String): Boolean

    /** Run on the UI thread (any thread may call). */
    fun onUiThread(block: () -> Unit)

    /** Run on a background thread (any thread may call). */
    fun inBackground(block: () -> Unit)
}

/** Every colour the panels use, light and dark, in one table (the IDE wraps each pair in a JBColor). */
enum class ThemeColor(val light: Int, val dark: Int) {
    STATUS_RUNNING(0x59A869, 0x59A869),
    STATUS_ERROR(0xE05555, 0xE05555),
    STATUS_PENDING(0xD9A343, 0xD9A343),
    TIP_BACKGROUND(0xFFFBE6, 0x3D3D00),
    /** Hyperlinks (IntelliJ's link colour in Light and Darcula). */
    LINK(0x2470B3, 0x589DF6),
    /** Timestamps and secondary text. */
    SECONDARY_TEXT(0x8C8C8C, 0x8C8C8C),
    /** Section headers of the Install popup. */
    HEADER_TEXT(0x6C707E, 0x9DA0A8),
    /** The thin lines between the tool window's rows. */
    SEPARATOR(0xEBECF0, 0x393B40),
}

/** REFRESH, COPY, CLEAR, EXPORT: the toolbar (AllIcons.Actions.Refresh, .Copy, .GC, ToolbarDecorator.Export);
 *  INSTALL: the Install button and INSTALL NOW items; INFO: the rule tip; RESTART: the status row;
 *  WARNING: the confirmation dialog (32 px, like Messages.getWarningIcon()). */
enum class ThemeIcon { REFRESH, COPY, CLEAR, EXPORT, INSTALL, INFO, RESTART, WARNING }

interface UiTheme {
    val dark: Boolean
    fun color(c: ThemeColor): Color
    fun icon(i: ThemeIcon): Icon

    /** The font for code and JSON (the IDE passes its editor font); [size] in points. */
    fun monospaced(size: Float): Font = Font(Font.MONOSPACED, Font.PLAIN, 12).deriveFont(size)
}

/** A toolbar action as data: the IDE turns each into an AnAction, the plain rendering into a button. */
class PanelAction(
    val id: String,
    val text: String,
    val description: String,
    val icon: ThemeIcon,
    val isEnabled: () -> Boolean,
    val perform: (source: Component?) -> Unit,
)
