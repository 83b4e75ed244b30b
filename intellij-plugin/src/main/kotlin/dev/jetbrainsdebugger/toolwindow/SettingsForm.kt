// The plugin's settings (Settings | Tools | Debugger MCP) as a value and as a
// plain Swing form. The IDE's Configurable only forwards reset/isModified/apply to it, and a
// PersistentStateComponent stores the PluginSettings it reads.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.ServerSettings
import dev.jetbrainsdebugger.launcher.LaunchOptions
import java.awt.Dimension
import java.awt.Font
import java.awt.GridBagConstraints
import java.awt.GridBagLayout
import java.awt.Insets
import javax.swing.BorderFactory
import javax.swing.JCheckBox
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.JSeparator
import javax.swing.JTextArea
import javax.swing.JTextField
import javax.swing.plaf.basic.BasicHTML
import javax.swing.text.View
import kotlin.math.ceil

data class PluginSettings(
    /** How many calls the history keeps ([MAX_HISTORY_RANGE]). */
    val maxHistorySize: Int = 100,
    /** Select and show the newest call when one arrives. */
    val autoScroll: Boolean = true,
    /** Skip the confirmation of runs, debug sessions, set_variable and side-effecting evaluate. */
    val braveMode: Boolean = false,
    /** The MCP server's port ([PORT_RANGE]); agents are configured with it. */
    val mcpPort: Int = 47823,
    /** Browser origins the MCP server accepts, normalised by [BrowserOrigins]; requests without an Origin are always accepted. */
    val allowedOrigins: List<String> = emptyList(),
    /** Mask secret-named values and credentials in everything agents see (the history shows what they saw). */
    val hideSecrets: Boolean = true,
    /** More names whose values are secret (e.g. ssn). */
    val secretNames: List<String> = emptyList(),
    /** Names never masked (e.g. signature). */
    val neverSecretNames: List<String> = emptyList(),
) {
    fun serverSettings(): ServerSettings = ServerSettings(
        maxHistorySize = maxHistorySize, braveMode = braveMode,
        hideSecrets = hideSecrets, secretNames = secretNames, neverSecretNames = neverSecretNames,
    )

    /** What the binary is started with; a change restarts it. */
    fun launchOptions(): LaunchOptions = LaunchOptions(mcpPort = mcpPort, allowedOrigins = allowedOrigins)

    companion object {
        val MAX_HISTORY_RANGE = 1..10_000
        val PORT_RANGE = 1024..65535
    }
}

class InvalidSettingsException(message: String) : Exception(message)

/** The Settings | Tools | Debugger MCP page as a plain form. */
class SettingsForm(private val theme: UiTheme) {
    companion object {
        val BRAVE_MODE_EXPLANATION: String get() = UiBundle.message("settings.brave.mode.comment")
        val PORT_EXPLANATION: String get() = UiBundle.message("settings.port.comment")
        /** Pixels after which an explanation under a field wraps. */
        private const val COMMENT_WIDTH = 640
        private const val AREA_PADDING = 3
        val SECRETS_EXPLANATION: String get() = UiBundle.message("settings.secrets.comment")
        val ORIGINS_EXPLANATION: String get() = UiBundle.message("settings.origins.comment")
    }

    internal val maxHistoryField = JTextField(7)
    internal val autoScrollBox = JCheckBox(UiBundle.message("settings.auto.scroll"))
    internal val braveModeBox = JCheckBox(UiBundle.message("settings.brave.mode"))
    internal val portField = JTextField(7)
    internal val originsArea = JTextArea(3, 28).apply { margin = Insets(AREA_PADDING, 5, AREA_PADDING, 5) }
    internal val hideSecretsBox = JCheckBox(UiBundle.message("settings.hide.secrets"))
    internal val secretNamesField = JTextField(28)
    internal val neverSecretNamesField = JTextField(28)

    val component: JComponent = JPanel(GridBagLayout()).apply {
        border = BorderFactory.createEmptyBorder(10, 16, 10, 16)
        var row = 0
        fun place(
            c: JComponent, x: Int, width: Int = 1, top: Int = 4, left: Int = 0, fill: Boolean = false,
            anchor: Int = GridBagConstraints.LINE_START,
        ) {
            add(c, GridBagConstraints().apply {
                gridx = x; gridy = row; gridwidth = width
                this.anchor = anchor
                insets = Insets(top, left, 0, 8)
                if (fill) { weightx = 1.0; this.fill = GridBagConstraints.HORIZONTAL }
            })
        }
        fun section(title: String) {
            val header = JPanel(GridBagLayout()).apply {
                isOpaque = false
                add(JLabel(title), GridBagConstraints().apply { insets = Insets(0, 0, 0, 6) })
                add(JSeparator(), GridBagConstraints().apply { weightx = 1.0; fill = GridBagConstraints.HORIZONTAL })
            }
            place(header, 0, width = 3, top = if (row == 0) 0 else 14, fill = true); row++
        }
        fun comment(text: String, left: Int) {
            place(commentLabel(text, wrapAt = COMMENT_WIDTH), 0, width = 3, top = 2, left = left); row++
        }

        section(UiBundle.message("settings.section.history"))
        place(JLabel(UiBundle.message("settings.max.history.size.label")).apply { labelFor = maxHistoryField }, 0, left = 16)
        place(maxHistoryField, 1)
        place(commentLabel(UiBundle.message("settings.max.history.size.range")), 2); row++
        place(autoScrollBox, 0, width = 3, left = 12); row++

        section(UiBundle.message("settings.section.agents"))
        place(JLabel(UiBundle.message("settings.port.label")).apply { labelFor = portField }, 0, left = 16)
        place(portField, 1)
        place(commentLabel(UiBundle.message("settings.port.range")), 2); row++
        comment(PORT_EXPLANATION, left = 16)
        // The label lines up with the area's first line: its border (1 px) and padding lower the text.
        val label = JLabel(UiBundle.message("settings.origins.label")).apply { labelFor = originsArea }
        place(label, 0, top = 8 + 1 + AREA_PADDING, left = 16, anchor = GridBagConstraints.FIRST_LINE_START)
        // A GridBag cell short of room shrinks to the minimum size, which a scroll pane has none of.
        place(JScrollPane(originsArea).apply { minimumSize = preferredSize }, 1, width = 2, top = 8); row++
        comment(ORIGINS_EXPLANATION, left = 16)
        place(braveModeBox, 0, width = 3, top = 8, left = 12); row++
        comment(BRAVE_MODE_EXPLANATION, left = 40)
        section(UiBundle.message("settings.section.secrets"))
        place(hideSecretsBox, 0, width = 3, left = 12); row++
        comment(SECRETS_EXPLANATION, left = 40)
        place(JLabel(UiBundle.message("settings.secret.names.label")).apply { labelFor = secretNamesField }, 0, left = 16)
        place(secretNamesField, 1, width = 2); row++
        place(JLabel(UiBundle.message("settings.never.secret.names.label")).apply { labelFor = neverSecretNamesField }, 0, left = 16)
        place(neverSecretNamesField, 1, width = 2); row++
        comment(UiBundle.message("settings.secret.names.comment"), left = 16)
        // Keeps everything at the top left, like IntelliJ's settings pages.
        add(JPanel().apply { isOpaque = false }, GridBagConstraints().apply {
            gridx = 0; gridy = row; gridwidth = 3; weightx = 1.0; weighty = 1.0; fill = GridBagConstraints.BOTH
        })
    }

    /** A secondary-text hint; one longer than [wrapAt] pixels wraps, as IntelliJ's comments do, instead of widening the page. */
    private fun commentLabel(text: String, wrapAt: Int = Int.MAX_VALUE) = JLabel("<html>$text</html>").apply {
        foreground = theme.color(ThemeColor.SECONDARY_TEXT)
        font = font.deriveFont(Font.PLAIN, font.size2D - 1f)
        // Swing's HTML view lays the text out at the width it is given: ask it how tall that makes it.
        val html = getClientProperty(BasicHTML.propertyKey) as? View
        if (html != null && preferredSize.width > wrapAt) {
            html.setSize(wrapAt.toFloat(), 0f)
            preferredSize = Dimension(wrapAt, ceil(html.getPreferredSpan(View.Y_AXIS)).toInt())
        }
    }

    fun reset(settings: PluginSettings) {
        maxHistoryField.text = settings.maxHistorySize.toString()
        autoScrollBox.isSelected = settings.autoScroll
        braveModeBox.isSelected = settings.braveMode
        portField.text = settings.mcpPort.toString()
        originsArea.text = settings.allowedOrigins.joinToString("\n")
        hideSecretsBox.isSelected = settings.hideSecrets
        secretNamesField.text = settings.secretNames.joinToString(", ")
        neverSecretNamesField.text = settings.neverSecretNames.joinToString(", ")
    }

    /** True when the form differs from [settings], including when a field does not parse. */
    fun isModified(settings: PluginSettings): Boolean =
        try {
            read() != settings
        } catch (e: InvalidSettingsException) {
            true
        }

    /** @throws InvalidSettingsException naming the field and its range */
    fun read(): PluginSettings = PluginSettings(
        maxHistorySize = intIn(maxHistoryField, UiBundle.message("settings.max.history.size.name"), PluginSettings.MAX_HISTORY_RANGE),
        autoScroll = autoScrollBox.isSelected,
        braveMode = braveModeBox.isSelected,
        mcpPort = intIn(portField, UiBundle.message("settings.port.name"), PluginSettings.PORT_RANGE),
        allowedOrigins = BrowserOrigins.parse(originsArea.text),
        hideSecrets = hideSecretsBox.isSelected,
        secretNames = names(secretNamesField),
        neverSecretNames = names(neverSecretNamesField),
    )

    private fun names(field: JTextField): List<String> =
        field.text.split(',', '\n').map { it.trim() }.filter { it.isNotEmpty() }.distinct()

    private fun intIn(field: JTextField, name: String, range: IntRange): Int {
        val text = field.text.trim().replace(",", "")
        val value = text.toIntOrNull()
        if (value == null || value !in range) {
            throw InvalidSettingsException(UiBundle.message("settings.error.not.in.range", name, range.first.toString(), range.last.toString(), field.text.trim()))
        }
        return value
    }
}
