// Draws the tool window, the Install popup, the settings page and the confirmation dialog
// to PNG files, each in light and dark (scripts/screenshots runs it under Xvfb). The
// windows are real (shown, laid out, painted by Swing) and captured from the screen with
// java.awt.Robot, so what is in the PNG is what Swing drew. The frame chrome around each
// (tool window header, dialog title, settings breadcrumb) stands in for what the IDE draws.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.HistoryStatus
import dev.jetbrainsdebugger.ide.ConfirmRequest
import java.awt.BorderLayout
import java.awt.Color
import java.awt.Dimension
import java.awt.FlowLayout
import java.awt.Font
import java.awt.GraphicsEnvironment
import java.awt.Rectangle
import java.awt.Robot
import java.awt.Toolkit
import java.io.File
import javax.imageio.ImageIO
import javax.swing.BorderFactory
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JFrame
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.SwingUtilities
import kotlin.system.exitProcess

/** [size] null: the window takes its preferred size (dialogs). */
private class Scene(val name: String, val size: Dimension?, val build: (dark: Boolean) -> JComponent, val after: (JComponent) -> Unit = {})

fun main(args: Array<String>) {
    if (GraphicsEnvironment.isHeadless()) {
        System.err.println("no display: run this under xvfb-run (scripts/screenshots does)")
        exitProcess(2)
    }
    val out = File(args.firstOrNull() ?: "intellij-plugin/build/screenshots").apply { mkdirs() }
    PlainLook.missingFonts().takeIf { it.isNotEmpty() }?.let {
        System.err.println("note: fonts missing, the PNGs fall back to DejaVu: apt-get install ${it.joinToString(" ")}")
    }
    val robot = Robot()
    val written = mutableListOf<File>()
    for (dark in listOf(false, true)) {
        SwingUtilities.invokeAndWait { PlainLook.install(dark) }
        for (scene in scenes()) {
            val file = File(out, "${scene.name}-${if (dark) "dark" else "light"}.png")
            capture(robot, scene, dark, file)
            written += file
        }
    }
    written.forEach { println(it.path) }
    exitProcess(0)
}

private fun capture(robot: Robot, scene: Scene, dark: Boolean, file: File) {
    lateinit var frame: JFrame
    lateinit var content: JComponent
    SwingUtilities.invokeAndWait {
        content = scene.build(dark)
        frame = JFrame().apply {
            isUndecorated = true
            contentPane = content
            if (scene.size != null) size = scene.size else pack()
            setLocation(20, 20)
            isVisible = true
        }
    }
    settle()
    SwingUtilities.invokeAndWait { scene.after(content) }
    settle()
    val image = robot.createScreenCapture(Rectangle(frame.locationOnScreen, frame.size))
    ImageIO.write(image, "png", file)
    SwingUtilities.invokeAndWait { frame.dispose() }
}

private fun settle() {
    Toolkit.getDefaultToolkit().sync()
    Thread.sleep(350)
    SwingUtilities.invokeAndWait {}
    Thread.sleep(150)
}

private val TOOL_WINDOW = Dimension(1040, 720)

private fun scenes(): List<Scene> = listOf(
    Scene("empty", TOOL_WINDOW, { dark -> toolWindow(dark) { it.history.entries = emptyList() }.first }),
    Scene("history", TOOL_WINDOW, { dark ->
        toolWindow(dark).also { (_, panel, _) -> panel.list.selectedIndex = panel.model.indexOf(2) }.first
    }),
    Scene("filtered", TOOL_WINDOW, { dark ->
        toolWindow(dark, configureFilter = { it.status = HistoryStatus.ERROR; it.search = "s1" })
            .also { (_, panel, _) -> panel.list.selectedIndex = panel.model.indexOf(8) }.first
    }),
    Scene("server-error", TOOL_WINDOW, { dark ->
        toolWindow(dark) {
            it.current = ServerStates.of(
                dev.jetbrainsdebugger.launcher.RuntimeStatus.Restarting(
                    "the MCP server exited with code 1 before it was ready (Error: Address already in use (os error 98)); restarting in 8 s",
                ),
            )
        }.first
    }),
    Scene("install-popup", TOOL_WINDOW, { dark ->
        toolWindow(dark).also { (_, panel, _) -> panel.list.selectedIndex = panel.model.indexOf(12) }.first
    }, after = { root ->
        val panel = findPanel(root)
        panel.showInstallPopup(panel.installButton)
    }),
    Scene("settings", Dimension(820, 760), ::settingsPage),
    Scene("confirmation", null, ::confirmationDialog),
)

private fun findPanel(c: java.awt.Component): DebuggerToolWindowPanel =
    c as? DebuggerToolWindowPanel ?: (c as java.awt.Container).components.firstNotNullOf { runCatching { findPanel(it) }.getOrNull() }

/** The tool window with its header strip, over a fake server holding [Samples.session]. */
private fun toolWindow(
    dark: Boolean,
    configureFilter: (HistoryFilter) -> Unit = {},
    configure: (FakeServer) -> Unit = {},
): Triple<JComponent, DebuggerToolWindowPanel, FakeServer> {
    val server = FakeServer().apply { history.entries = Samples.session() }
    configure(server)
    val filter = HistoryFilter().apply(configureFilter)
    val host = FakeHost(PlainLook.theme(dark))
    val panel = DebuggerToolWindowPanel(host, server, { PluginSettings() }, filter, "shop-backend")
    val header = chrome("Debugger MCP", dark, bold = true)
    return Triple(framed(dark, header, panel), panel, server)
}

/** A default-style (filled, accent) button, as IntelliJ draws its prominent buttons. */
private fun prominent(button: JButton, dark: Boolean) {
    button.background = Color(PlainLook.palette(dark).accent)
    button.foreground = Color.WHITE
    button.isOpaque = true
    button.border = BorderFactory.createCompoundBorder(
        BorderFactory.createLineBorder(Color(PlainLook.palette(dark).accent)),
        BorderFactory.createEmptyBorder(3, 10, 3, 12),
    )
}

private fun chrome(title: String, dark: Boolean, bold: Boolean = false): JComponent {
    val p = PlainLook.palette(dark)
    return JPanel(FlowLayout(FlowLayout.LEADING, 10, 6)).apply {
        background = Color(p.panel)
        border = BorderFactory.createMatteBorder(0, 0, 1, 0, Color(p.border))
        add(JLabel(title).apply { if (bold) font = font.deriveFont(Font.BOLD) })
    }
}

private fun framed(dark: Boolean, header: JComponent, body: JComponent, footer: JComponent? = null): JComponent =
    JPanel(BorderLayout()).apply {
        border = BorderFactory.createLineBorder(Color(PlainLook.palette(dark).border))
        add(header, BorderLayout.NORTH)
        add(body, BorderLayout.CENTER)
        footer?.let { add(it, BorderLayout.SOUTH) }
    }

private fun settingsPage(dark: Boolean): JComponent {
    val form = SettingsForm(PlainLook.theme(dark))
    // One allowed origin, so the list field shows how an entry looks.
    form.reset(PluginSettings(allowedOrigins = listOf("http://localhost:5173")))
    val crumbs = chrome("Tools  ›  Debugger MCP", dark)
    val buttons = JPanel(FlowLayout(FlowLayout.TRAILING, 8, 10)).apply {
        border = BorderFactory.createMatteBorder(1, 0, 0, 0, Color(PlainLook.palette(dark).border))
        add(JButton("Cancel"))
        add(JButton("Apply").apply { isEnabled = false })
        add(JButton("OK").also { prominent(it, dark) })
    }
    // The Settings dialog puts a page that is not Configurable.NoScroll in a scroll pane
    // (ConfigurableCardPanel), so the page always gets its preferred size.
    val page = JScrollPane(form.component).apply { border = BorderFactory.createEmptyBorder() }
    return framed(dark, crumbs, page, buttons)
}

private fun confirmationDialog(dark: Boolean): JComponent {
    val request = ConfirmRequest(
        tool = "start_debug_session",
        title = "Start a debug session?",
        message = "An agent asks: start a debug session of the run configuration 'Main' in the project 'shop-backend'.",
        project = "shop-backend",
        subject = "Main",
    )
    val theme = PlainLook.theme(dark)
    val buttons = JPanel(FlowLayout(FlowLayout.TRAILING, 8, 10)).apply {
        add(JButton(ConfirmationTexts.ALLOW_ONCE))
        add(JButton(ConfirmationTexts.ALLOW_SESSION))
        add(JButton(ConfirmationTexts.DENY).also { prominent(it, dark) })
    }
    return framed(dark, chrome(ConfirmationTexts.title(request), dark), ConfirmationPanel(request, theme), buttons)
}
