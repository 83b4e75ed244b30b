// The colours and icons outside the IDE (tests, screenshots): ThemeColor's light or dark
// value, and small vector icons drawn with Java2D in the spirit of IntelliJ's new UI icons
// (16 px, grey strokes). Inside the IDE the glue maps ThemeColor to JBColor and ThemeIcon to
// AllIcons instead.
package dev.jetbrainsdebugger.toolwindow

import java.awt.BasicStroke
import java.awt.Color
import java.awt.Component
import java.awt.Font
import java.awt.Graphics
import java.awt.Graphics2D
import java.awt.RenderingHints
import java.awt.geom.Arc2D
import java.awt.geom.Ellipse2D
import java.awt.geom.Line2D
import java.awt.geom.Path2D
import java.awt.geom.RoundRectangle2D
import javax.swing.Icon

/** [monospacedFamily]: the font family for code (e.g. `JetBrains Mono` when installed). */
class PlainTheme(override val dark: Boolean, private val monospacedFamily: String = Font.MONOSPACED) : UiTheme {
    override fun color(c: ThemeColor): Color = Color(if (dark) c.dark else c.light)

    override fun monospaced(size: Float): Font = Font(monospacedFamily, Font.PLAIN, 12).deriveFont(size)

    override fun icon(i: ThemeIcon): Icon = VectorIcon(i, dark)
}

/** One [ThemeIcon] drawn with strokes; 16 px, except the dialog's warning (32 px). */
private class VectorIcon(private val kind: ThemeIcon, private val dark: Boolean) : Icon {
    private val size = if (kind == ThemeIcon.WARNING) 32 else 16
    private val stroke = Color(if (dark) 0xCED0D6 else 0x6C707E)
    private val blue = Color(if (dark) 0x548AF7 else 0x3574F0)
    private val green = Color(if (dark) 0x5FB865 else 0x208A3C)
    private val orange = Color(if (dark) 0xF2C55C else 0xFFAF0F)

    override fun getIconWidth() = size
    override fun getIconHeight() = size

    override fun paintIcon(c: Component?, g: Graphics, x: Int, y: Int) {
        val g2 = g.create() as Graphics2D
        try {
            g2.translate(x, y)
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON)
            g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE)
            g2.stroke = BasicStroke(1.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
            g2.color = stroke
            paint(g2)
        } finally {
            g2.dispose()
        }
    }

    private fun paint(g: Graphics2D) {
        when (kind) {
            ThemeIcon.REFRESH -> circularArrow(g, stroke)
            ThemeIcon.RESTART -> circularArrow(g, green)
            ThemeIcon.COPY -> {
                g.draw(RoundRectangle2D.Float(5.5f, 5.5f, 8f, 9f, 2f, 2f))
                g.draw(Path2D.Float().apply { moveTo(3.5, 11.0); lineTo(2.5, 11.0); lineTo(2.5, 2.5); lineTo(10.5, 2.5); lineTo(10.5, 3.5) })
            }
            ThemeIcon.CLEAR -> {
                g.draw(Line2D.Float(2.5f, 4.5f, 13.5f, 4.5f))
                g.draw(Path2D.Float().apply { moveTo(6.0, 4.5); lineTo(6.0, 2.5); lineTo(10.0, 2.5); lineTo(10.0, 4.5) })
                g.draw(Path2D.Float().apply { moveTo(4.0, 4.5); lineTo(4.8, 13.5); lineTo(11.2, 13.5); lineTo(12.0, 4.5) })
                g.draw(Line2D.Float(6.8f, 7f, 6.8f, 11f))
                g.draw(Line2D.Float(9.2f, 7f, 9.2f, 11f))
            }
            ThemeIcon.EXPORT -> {
                g.draw(Path2D.Float().apply { moveTo(2.5, 9.5); lineTo(2.5, 13.5); lineTo(13.5, 13.5); lineTo(13.5, 9.5) })
                g.draw(Line2D.Float(8f, 10.5f, 8f, 2.5f))
                g.draw(Path2D.Float().apply { moveTo(5.0, 5.5); lineTo(8.0, 2.5); lineTo(11.0, 5.5) })
            }
            ThemeIcon.INSTALL -> {
                g.color = blue
                g.draw(Path2D.Float().apply { moveTo(2.5, 9.5); lineTo(2.5, 13.5); lineTo(13.5, 13.5); lineTo(13.5, 9.5) })
                g.draw(Line2D.Float(8f, 2.5f, 8f, 10.5f))
                g.draw(Path2D.Float().apply { moveTo(5.0, 7.5); lineTo(8.0, 10.5); lineTo(11.0, 7.5) })
            }
            ThemeIcon.INFO -> {
                g.color = blue
                g.fill(Ellipse2D.Float(1.5f, 1.5f, 13f, 13f))
                g.color = Color.WHITE
                g.stroke = BasicStroke(1.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                g.draw(Line2D.Float(8f, 7.3f, 8f, 11.3f))
                g.fill(Ellipse2D.Float(7.1f, 3.9f, 1.8f, 1.8f))
            }
            ThemeIcon.WARNING -> {
                g.color = orange
                g.fill(Path2D.Float().apply { moveTo(16.0, 3.0); lineTo(30.0, 28.0); lineTo(2.0, 28.0); closePath() })
                g.color = if (dark) Color(0x2B2D30) else Color.WHITE
                g.font = Font(Font.SANS_SERIF, Font.BOLD, 17)
                g.drawString("!", 13.5f, 25f)
            }
        }
    }

    private fun circularArrow(g: Graphics2D, color: Color) {
        g.color = color
        g.draw(Arc2D.Float(2.5f, 2.5f, 11f, 11f, 100f, 290f, Arc2D.OPEN))
        g.draw(Path2D.Float().apply { moveTo(8.5, 0.8); lineTo(10.8, 2.7); lineTo(8.5, 4.8) })
    }
}
