// The body of the dialog that asks the user to approve an agent's action (ui/confirm): which
// action, which project, which configuration or expression, and the server's message; plus
// the dialog's texts. The IDE wraps it in a DialogWrapper whose default answer is Deny.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.ide.ConfirmRequest
import java.awt.BorderLayout
import java.awt.Font
import java.awt.GridBagConstraints
import java.awt.GridBagLayout
import java.awt.Insets
import javax.swing.BorderFactory
import javax.swing.JLabel
import javax.swing.JPanel

/** The dialog's texts: its title and the three answers (Deny is the default). */
object ConfirmationTexts {
    val ALLOW_ONCE: String get() = UiBundle.message("confirm.button.allow.once")
    val ALLOW_SESSION: String get() = UiBundle.message("confirm.button.allow.session")
    val DENY: String get() = UiBundle.message("confirm.button.deny")
    val FOOTNOTE: String get() = UiBundle.message("confirm.footnote")

    fun title(request: ConfirmRequest): String = UiBundle.message("confirm.dialog.title", asData(request.title.ifBlank { UiBundle.message("confirm.default.question") }, TITLE_LIMIT))

    /**
     * [text] as the dialog shows what it cannot vouch for (the agent's expression, a configuration's
     * name, the server's message quoting them): line breaks, control characters and the characters
     * that reorder or hide text (bidi overrides and isolates, zero-width ones) written as escapes, and
     * cut at [limit] characters with the rest counted. No text can then start a line of its own or
     * hide what follows it.
     */
    fun asData(text: String, limit: Int = DATA_LIMIT): String {
        val shown = StringBuilder()
        val points = text.codePoints().toArray()
        for ((i, c) in points.withIndex()) {
            if (i == limit) {
                shown.append(UiBundle.message("confirm.data.cut", (points.size - limit).toString()))
                break
            }
            when {
                c == '\n'.code -> shown.append("\\n")
                c == '\r'.code -> shown.append("\\r")
                c == '\t'.code -> shown.append("\\t")
                Character.isISOControl(c) || hidesOrReorders(c) -> shown.append("\\u{%X}".format(c))
                else -> shown.appendCodePoint(c)
            }
        }
        return shown.toString()
    }

    private fun hidesOrReorders(c: Int): Boolean =
        c == 0xAD || c == 0x61C || c == 0x180E || c in 0x200B..0x200F || c in 0x2028..0x202E ||
            c in 0x2060..0x2069 || c == 0xFEFF

    private const val TITLE_LIMIT = 200
    private const val DATA_LIMIT = 4000

    /** What [ConfirmRequest.subject] is for this tool, as a field label. */
    fun subjectLabel(tool: String): String = when (tool) {
        "start_debug_session", "run_configuration" -> UiBundle.message("confirm.field.configuration")
        "evaluate" -> UiBundle.message("confirm.field.expression")
        "set_variable" -> UiBundle.message("confirm.field.assignment")
        else -> UiBundle.message("confirm.field.subject")
    }
}

/** The body of the confirmation dialog, and its texts (title, the three buttons) in [ConfirmationTexts]. */
class ConfirmationPanel(request: ConfirmRequest, private val theme: UiTheme) : JPanel(BorderLayout(14, 0)) {
    init {
        border = BorderFactory.createEmptyBorder(12, 12, 4, 12)
        add(JLabel(theme.icon(ThemeIcon.WARNING)).apply { verticalAlignment = JLabel.TOP }, BorderLayout.WEST)
        val body = JPanel(GridBagLayout()).apply { isOpaque = false }
        var row = 0
        fun place(c: java.awt.Component, x: Int, width: Int = 1, top: Int = 6, fill: Boolean = false) {
            body.add(c, GridBagConstraints().apply {
                gridx = x; gridy = row; gridwidth = width
                anchor = GridBagConstraints.FIRST_LINE_START
                insets = Insets(top, 0, 0, 10)
                if (fill) { weightx = 1.0; this.fill = GridBagConstraints.HORIZONTAL }
            })
        }
        val heading = JLabel(ConfirmationTexts.asData(request.title.ifBlank { UiBundle.message("confirm.default.question") })).apply {
            font = font.deriveFont(Font.BOLD, font.size2D + 1f)
        }
        place(heading, 0, width = 2, top = 0, fill = true); row++
        fun field(label: String, value: String, monospaced: Boolean = false) {
            place(JLabel(label).apply { foreground = theme.color(ThemeColor.SECONDARY_TEXT) }, 0)
            place(wrapping(value, monospaced, VALUE_WIDTH), 1, fill = true)
            row++
        }
        field(UiBundle.message("confirm.field.action"), ConfirmationTexts.asData(request.tool), monospaced = true)
        request.project?.let { field(UiBundle.message("confirm.field.project"), ConfirmationTexts.asData(it)) }
        request.subject?.let {
            field(ConfirmationTexts.subjectLabel(request.tool), ConfirmationTexts.asData(it), monospaced = true)
        }
        place(wrapping(ConfirmationTexts.asData(request.message), monospaced = false, TEXT_WIDTH), 0, width = 2, top = 12, fill = true); row++
        place(wrapping(ConfirmationTexts.FOOTNOTE, monospaced = false, TEXT_WIDTH).apply {
            foreground = theme.color(ThemeColor.SECONDARY_TEXT)
            font = font.deriveFont(font.size2D - 1f)
        }, 0, width = 2, top = 12, fill = true)
        // At the top, however tall the dialog.
        add(JPanel(BorderLayout()).apply { isOpaque = false; add(body, BorderLayout.NORTH) }, BorderLayout.CENTER)
    }

    /** A text that wraps at [width] px (long expressions and messages); HTML-escaped. */
    private fun wrapping(text: String, monospaced: Boolean, width: Int) =
        JLabel("<html><div style='width:${width}px'>${escapeHtml(text).replace("\n", "<br>")}</div></html>").apply {
            if (monospaced) font = theme.monospaced(font.size2D)
        }

    private companion object {
        const val VALUE_WIDTH = 300
        const val TEXT_WIDTH = 400
    }
}
