// The plugin's settings in the IDE: stored by the platform (PersistentStateComponent, in
// debugger-mcp.xml of the application's options, so they survive restarts), shown as
// Settings | Tools | Debugger MCP (a Configurable over the plain SettingsForm), and applied
// to the running server at once through DebuggerBridgeService.
package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.PersistentStateComponent
import com.intellij.openapi.components.RoamingType
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.SettingsCategory
import com.intellij.openapi.components.State
import com.intellij.openapi.components.Storage
import com.intellij.openapi.options.ConfigurationException
import com.intellij.openapi.options.SearchableConfigurable
import dev.jetbrainsdebugger.toolwindow.BrowserOrigins
import dev.jetbrainsdebugger.toolwindow.InvalidSettingsException
import dev.jetbrainsdebugger.toolwindow.PluginSettings
import dev.jetbrainsdebugger.toolwindow.SettingsForm
import javax.swing.JComponent

@Service(Service.Level.APP)
// Machine-local (the port, brave mode), and an application-level light service must not roam.
@State(
    name = "DebuggerMcpSettings",
    storages = [Storage("debugger-mcp.xml", roamingType = RoamingType.DISABLED)],
    category = SettingsCategory.TOOLS,
)
class McpSettingsService : PersistentStateComponent<McpSettingsService.StoredSettings> {
    /** The stored form: the platform's XML serializer wants a no-argument class with mutable properties. */
    class StoredSettings {
        var maxHistorySize: Int = PluginSettings().maxHistorySize
        var autoScroll: Boolean = PluginSettings().autoScroll
        var braveMode: Boolean = PluginSettings().braveMode
        var mcpPort: Int = PluginSettings().mcpPort
        var allowedOrigins: MutableList<String> = ArrayList()
        var hideSecrets: Boolean = PluginSettings().hideSecrets
        var secretNames: MutableList<String> = ArrayList()
        var neverSecretNames: MutableList<String> = ArrayList()
    }

    @Volatile
    var settings: PluginSettings = PluginSettings()
        private set

    override fun getState(): StoredSettings = StoredSettings().apply {
        val s = settings
        maxHistorySize = s.maxHistorySize
        autoScroll = s.autoScroll
        braveMode = s.braveMode
        mcpPort = s.mcpPort
        allowedOrigins = ArrayList(s.allowedOrigins)
        hideSecrets = s.hideSecrets
        secretNames = ArrayList(s.secretNames)
        neverSecretNames = ArrayList(s.neverSecretNames)
    }

    /** A hand-edited or older file may hold values out of range or entries that are not origins: they are brought back into range or dropped. */
    override fun loadState(state: StoredSettings) {
        settings = PluginSettings(
            maxHistorySize = state.maxHistorySize.coerceIn(PluginSettings.MAX_HISTORY_RANGE),
            autoScroll = state.autoScroll,
            braveMode = state.braveMode,
            mcpPort = state.mcpPort.takeIf { it in PluginSettings.PORT_RANGE } ?: PluginSettings().mcpPort,
            allowedOrigins = BrowserOrigins.keepValid(state.allowedOrigins),
            hideSecrets = state.hideSecrets,
            secretNames = state.secretNames.map { it.trim() }.filter { it.isNotEmpty() },
            neverSecretNames = state.neverSecretNames.map { it.trim() }.filter { it.isNotEmpty() },
        )
    }

    /** Stores [next] and applies it to the running server (history size, brave mode; a new port or new origins restart it). */
    fun update(next: PluginSettings) {
        val previous = settings
        settings = next
        if (previous != next) DebuggerBridgeService.getInstance()?.settingsChanged(previous, next)
    }

    companion object {
        fun getInstance(): McpSettingsService =
            ApplicationManager.getApplication().getService(McpSettingsService::class.java)
    }
}

/** Settings | Tools | Debugger MCP. */
class McpConfigurable : SearchableConfigurable {
    private var form: SettingsForm? = null

    override fun getId(): String = "dev.jetbrainsdebugger.settings"

    override fun getDisplayName(): String = DebuggerMcpBundle.message("configurable.name")

    override fun createComponent(): JComponent {
        val f = SettingsForm(IdeTheme)
        f.reset(McpSettingsService.getInstance().settings)
        form = f
        return f.component
    }

    override fun isModified(): Boolean = form?.isModified(McpSettingsService.getInstance().settings) ?: false

    override fun apply() {
        val f = form ?: return
        val next = try {
            f.read()
        } catch (e: InvalidSettingsException) {
            throw ConfigurationException(e.message ?: DebuggerMcpBundle.message("settings.invalid"), DebuggerMcpBundle.message("configurable.name"))
        }
        McpSettingsService.getInstance().update(next)
    }

    override fun reset() {
        form?.reset(McpSettingsService.getInstance().settings)
    }

    override fun disposeUIResources() {
        form = null
    }
}
