// A Swing look for the screenshots only: Metal, flattened and recoloured with the IntelliJ
// Light and Dark (new UI) palettes, Inter 13 and JetBrains Mono when installed. The IDE
// never uses it; it only makes the PNGs resemble JetBrains' own tool windows.
package dev.jetbrainsdebugger.toolwindow

import java.awt.Color
import java.awt.Font
import java.awt.GraphicsEnvironment
import javax.swing.BorderFactory
import javax.swing.UIManager
import javax.swing.plaf.ColorUIResource
import javax.swing.plaf.FontUIResource
import javax.swing.plaf.metal.DefaultMetalTheme
import javax.swing.plaf.metal.MetalLookAndFeel

/** One palette of the look. */
data class Palette(
    val panel: Int, val content: Int, val text: Int, val secondary: Int, val border: Int, val control: Int,
    val controlBorder: Int, val selection: Int, val selectionText: Int, val focus: Int, val accent: Int, val hover: Int,
)

object PlainLook {
    val LIGHT = Palette(
        panel = 0xF7F8FA, content = 0xFFFFFF, text = 0x000000, secondary = 0x818594, border = 0xEBECF0, control = 0xFFFFFF,
        controlBorder = 0xC9CCD6, selection = 0xD5E1FF, selectionText = 0x000000, focus = 0x3574F0, accent = 0x3574F0, hover = 0xDFE1E5,
    )
    val DARK = Palette(
        panel = 0x2B2D30, content = 0x1E1F22, text = 0xDFE1E5, secondary = 0x868A91, border = 0x393B40, control = 0x2B2D30,
        controlBorder = 0x4E5157, selection = 0x2E436E, selectionText = 0xDFE1E5, focus = 0x3574F0, accent = 0x3574F0, hover = 0x43454A,
    )

    private fun installed(family: String) = family in GraphicsEnvironment.getLocalGraphicsEnvironment().availableFontFamilyNames

    val uiFamily: String get() = if (installed("Inter")) "Inter" else Font.SANS_SERIF
    val monoFamily: String get() = if (installed("JetBrains Mono")) "JetBrains Mono" else Font.MONOSPACED

    /** What is missing for the intended look, for the script to say. */
    fun missingFonts(): List<String> = listOfNotNull(
        "fonts-inter".takeUnless { installed("Inter") },
        "fonts-jetbrains-mono".takeUnless { installed("JetBrains Mono") },
    )

    fun theme(dark: Boolean) = PlainTheme(dark, monoFamily)

    fun install(dark: Boolean) {
        val p = if (dark) DARK else LIGHT
        fun c(rgb: Int) = ColorUIResource(Color(rgb))
        val font = FontUIResource(uiFamily, Font.PLAIN, 13)
        System.setProperty("swing.boldMetal", "false")
        MetalLookAndFeel.setCurrentTheme(object : DefaultMetalTheme() {
            override fun getName() = if (dark) "Dark" else "Light"
            override fun getPrimary1() = c(p.controlBorder)
            override fun getPrimary2() = c(p.selection)
            override fun getPrimary3() = c(p.selection)
            override fun getSecondary1() = c(p.controlBorder)
            override fun getSecondary2() = c(p.border)
            override fun getSecondary3() = c(p.panel)
            override fun getBlack() = c(p.text)
            override fun getWhite() = c(p.content)
            override fun getControlTextFont() = font
            override fun getSystemTextFont() = font
            override fun getUserTextFont() = font
            override fun getMenuTextFont() = font
            override fun getWindowTitleFont() = font
            override fun getSubTextFont() = FontUIResource(uiFamily, Font.PLAIN, 11)
        })
        UIManager.setLookAndFeel(MetalLookAndFeel())
        val line = BorderFactory.createLineBorder(Color(p.controlBorder))
        val field = BorderFactory.createCompoundBorder(line, BorderFactory.createEmptyBorder(3, 6, 3, 6))
        mapOf(
            "Panel.background" to c(p.panel),
            "Label.foreground" to c(p.text),
            "Label.disabledForeground" to c(p.secondary),
            "List.background" to c(p.panel),
            "List.foreground" to c(p.text),
            "List.selectionBackground" to c(p.selection),
            "List.selectionForeground" to c(p.selectionText),
            "List.focusCellHighlightBorder" to BorderFactory.createEmptyBorder(),
            "TextArea.background" to c(p.panel),
            "TextArea.foreground" to c(p.text),
            "TextArea.selectionBackground" to c(p.selection),
            "TextField.background" to c(p.control),
            "TextField.foreground" to c(p.text),
            "TextField.caretForeground" to c(p.text),
            "TextField.border" to field,
            "TextField.inactiveBackground" to c(p.control),
            "ComboBox.background" to c(p.control),
            "ComboBox.foreground" to c(p.text),
            "ComboBox.selectionBackground" to c(p.selection),
            "ComboBox.selectionForeground" to c(p.selectionText),
            "ComboBox.buttonBackground" to c(p.control),
            "ComboBox.buttonDarkShadow" to c(p.secondary),
            "ComboBox.buttonShadow" to c(p.control),
            "ComboBox.buttonHighlight" to c(p.control),
            "ComboBox.border" to line,
            "Button.background" to c(p.control),
            "Button.foreground" to c(p.text),
            "Button.border" to BorderFactory.createCompoundBorder(line, BorderFactory.createEmptyBorder(3, 12, 3, 12)),
            "Button.gradient" to null,
            "Button.select" to c(p.hover),
            "Button.focus" to c(p.control),
            "CheckBox.background" to c(p.panel),
            "CheckBox.foreground" to c(p.text),
            "CheckBox.gradient" to null,
            "CheckBox.focus" to c(p.panel),
            "PopupMenu.background" to c(p.control),
            "PopupMenu.border" to BorderFactory.createCompoundBorder(line, BorderFactory.createEmptyBorder(4, 0, 4, 0)),
            "MenuItem.background" to c(p.control),
            "MenuItem.foreground" to c(p.text),
            "MenuItem.selectionBackground" to c(p.selection),
            "MenuItem.selectionForeground" to c(p.selectionText),
            "MenuItem.border" to BorderFactory.createEmptyBorder(3, 8, 3, 12),
            "MenuItem.acceleratorForeground" to c(p.secondary),
            "Separator.foreground" to c(p.border),
            "Separator.background" to c(p.control),
            "PopupMenuSeparator.foreground" to c(p.border),
            "PopupMenuSeparator.background" to c(p.control),
            "SplitPane.background" to c(p.panel),
            "SplitPane.dividerFocusColor" to c(p.border),
            "SplitPaneDivider.draggingColor" to c(p.border),
            "SplitPane.darkShadow" to c(p.border),
            "SplitPane.shadow" to c(p.border),
            "SplitPane.highlight" to c(p.border),
            "SplitPaneDivider.border" to BorderFactory.createEmptyBorder(),
            "SplitPane.border" to BorderFactory.createEmptyBorder(),
            "ScrollPane.background" to c(p.panel),
            "Viewport.background" to c(p.panel),
            "ScrollBar.background" to c(p.panel),
            "ScrollBar.thumb" to c(p.controlBorder),
            "ScrollBar.thumbHighlight" to c(p.controlBorder),
            "ScrollBar.thumbShadow" to c(p.controlBorder),
            "ScrollBar.thumbDarkShadow" to c(p.controlBorder),
            "ScrollBar.track" to c(p.panel),
            "ScrollBar.trackHighlight" to c(p.panel),
            "ScrollBar.width" to 10,
            "ToolTip.background" to c(p.control),
            "ToolTip.foreground" to c(p.text),
        ).forEach { (k, v) -> UIManager.put(k, v) }
    }

    fun palette(dark: Boolean) = if (dark) DARK else LIGHT
}
