// The "Install on Coding Agents" popup: INSTALL NOW for the clients the server
// can install with their own CLI (and, where the client reads agent skills, the same followed
// by writing the jetbrains-debugger skill), COPY CONFIGURATION for every client. The catalogue comes
// from the running server (clients/list) each time the popup opens; what the popup does
// is reported through the host's notifications.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.BridgeClients
import dev.jetbrainsdebugger.bridge.CodingClient
import dev.jetbrainsdebugger.bridge.InstallOutcome
import java.awt.Component
import java.awt.Font
import javax.swing.BorderFactory
import javax.swing.JLabel
import javax.swing.JMenuItem
import javax.swing.JPopupMenu

/** What the popup offers and does; the Swing popup is built from it. */
class InstallActions(private val host: UiHost, private val clients: () -> BridgeClients) {
    companion object {
        val TITLE: String get() = UiBundle.message("install.popup.title")
        val INSTALL_NOW: String get() = UiBundle.message("install.popup.install.now")
        val INSTALL_SUBTITLE: String get() = UiBundle.message("install.popup.install.subtitle")
        val WITH_SKILL: String get() = UiBundle.message("install.popup.with.skill")
        val WITH_SKILL_SUBTITLE: String get() = UiBundle.message("install.popup.with.skill.subtitle")
        val COPY_CONFIGURATION: String get() = UiBundle.message("install.popup.copy.configuration")
        val LOADING: String get() = UiBundle.message("install.popup.loading")
        val NOT_RUNNING: String get() = UiBundle.message("install.popup.not.running")
    }

    /** Runs the client's own install command (then, [withSkill], writes the skill) off the UI thread and notifies the outcome. */
    fun install(client: CodingClient, withSkill: Boolean = false) {
        host.inBackground {
            val outcome = try {
                clients().installClient(client.id, withSkill)
            } catch (e: RuntimeException) {
                java.util.concurrent.CompletableFuture.failedFuture(e)
            }
            outcome.whenComplete { result, error -> host.onUiThread { reportInstall(client, result, error) } }
        }
    }

    private fun reportInstall(client: CodingClient, outcome: InstallOutcome?, error: Throwable?) {
        when {
            error != null -> host.notify(
                NoticeKind.ERROR, UiBundle.message("notification.install.failed.title", client.name),
                UiBundle.message("notification.install.no.answer", failureReason(error)),
            )
            outcome!!.ok -> host.notify(NoticeKind.INFO, UiBundle.message("notification.installed.title", client.name), outcome.message)
            else -> host.notify(
                NoticeKind.ERROR, UiBundle.message("notification.install.failed.title", client.name),
                buildString {
                    append(outcome.message)
                    append("\n\n").append(UiBundle.message("notification.install.failed.command", outcome.command))
                    if (outcome.output.isNotBlank()) append("\n\n").append(outcome.output.trim())
                },
            )
        }
    }

    fun copyConfiguration(client: CodingClient) {
        host.copyToClipboard(client.config.text)
        host.notify(
            NoticeKind.INFO, UiBundle.message("notification.configuration.copied.title", client.name),
            UiBundle.message("notification.configuration.copied.content", client.config.location) + (client.config.hint?.let { "\n$it" } ?: ""),
        )
    }
}

/** The popup itself: a header, INSTALL NOW, a separator, COPY CONFIGURATION. */
class InstallPopup(private val theme: UiTheme, private val actions: InstallActions) : JPopupMenu() {
    private val subtitleColor = "#%06X".format(theme.color(ThemeColor.SECONDARY_TEXT).rgb and 0xFFFFFF)

    init {
        showPlaceholder(InstallActions.LOADING)
    }

    fun showPlaceholder(text: String) {
        removeAll()
        addHeader()
        add(JMenuItem(text).apply { isEnabled = false })
        pack()
    }

    fun showClients(clients: List<CodingClient>) {
        removeAll()
        addHeader()
        val installable = clients.filter { it.installCommand != null }
        if (installable.isNotEmpty()) {
            addSection(InstallActions.INSTALL_NOW)
            installable.forEach { c ->
                add(installItem(c.name, InstallActions.INSTALL_SUBTITLE, c.installCommand) { actions.install(c) })
                c.skillLocation?.let { skill ->
                    add(installItem("${c.name} ${InstallActions.WITH_SKILL}", InstallActions.WITH_SKILL_SUBTITLE, UiBundle.message("install.popup.with.skill.tooltip", c.installCommand.toString(), skill)) {
                        actions.install(c, withSkill = true)
                    })
                }
            }
            addSeparator()
        }
        addSection(InstallActions.COPY_CONFIGURATION)
        clients.forEach { c ->
            add(JMenuItem(c.name, theme.icon(ThemeIcon.COPY)).apply {
                toolTipText = UiBundle.message("install.popup.copy.tooltip", c.config.format.uppercase(), c.config.location)
                addActionListener { actions.copyConfiguration(c) }
            })
        }
        pack()
    }

    private fun installItem(title: String, subtitle: String, tip: String?, action: () -> Unit) = JMenuItem(
        "<html>${escapeHtml(title)}<br><span style='font-size:90%;color:$subtitleColor'>$subtitle</span></html>",
        theme.icon(ThemeIcon.INSTALL),
    ).apply {
        toolTipText = tip
        addActionListener { action() }
    }

    /** Popup labels span the popup's width, text on the left (JPopupMenu centres narrower children). */
    private fun label(text: String) = JLabel(text).apply {
        horizontalAlignment = JLabel.LEADING
        alignmentX = CENTER_ALIGNMENT
        maximumSize = java.awt.Dimension(Int.MAX_VALUE, Int.MAX_VALUE)
    }

    private fun addHeader() {
        add(label(InstallActions.TITLE).apply {
            font = font.deriveFont(Font.BOLD)
            border = BorderFactory.createEmptyBorder(6, 10, 6, 10)
        })
        addSeparator()
    }

    private fun addSection(text: String) {
        add(label(text).apply {
            font = font.deriveFont(Font.BOLD, font.size2D - 2f)
            foreground = theme.color(ThemeColor.HEADER_TEXT)
            border = BorderFactory.createEmptyBorder(6, 10, 3, 10)
        })
    }

    /** Shows the popup under [anchor] and fills it from [load] when the catalogue arrives. */
    fun open(anchor: Component, host: UiHost, running: Boolean, load: () -> java.util.concurrent.CompletableFuture<List<CodingClient>>) {
        if (!running) {
            showPlaceholder(InstallActions.NOT_RUNNING)
        } else {
            showPlaceholder(InstallActions.LOADING)
            load().whenComplete { list, error ->
                host.onUiThread {
                    if (error != null) showPlaceholder(UiBundle.message("install.popup.not.running.reason", failureReason(error)))
                    else showClients(list)
                    if (isVisible) {
                        // A visible popup keeps its old size; show it again at its place.
                        isVisible = false
                        showUnder(anchor)
                    }
                }
            }
        }
        if (anchor.isShowing) showUnder(anchor)
    }

    /** Right-aligned under [anchor], which sits at the tool window's right edge. */
    private fun showUnder(anchor: Component) = show(anchor, anchor.width - preferredSize.width, anchor.height)
}
