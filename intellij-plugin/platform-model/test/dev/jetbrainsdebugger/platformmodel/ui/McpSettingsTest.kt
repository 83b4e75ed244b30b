// The plugin's settings over the model: McpSettingsService's state survives a save and a load
// through its @State storage, bad stored values are brought back into range, and McpConfigurable
// goes through the Settings dialog's lifecycle on the EDT.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.options.ConfigurationException
import com.intellij.openapi.options.SearchableConfigurable
import dev.jetbrainsdebugger.intellij.McpSettingsService
import dev.jetbrainsdebugger.toolwindow.PluginSettings
import org.junit.jupiter.api.Test
import javax.swing.JComponent
import javax.swing.JTextField
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

class McpSettingsTest {
    private companion object {
        const val SETTINGS_ID = "dev.jetbrainsdebugger.settings"
    }

    private val stored = PluginSettings(
        maxHistorySize = 250,
        autoScroll = false,
        braveMode = true,
        mcpPort = 50123,
        allowedOrigins = listOf("http://localhost:5173"),
    )

    @Test
    fun `the settings survive a save and a load through debugger-mcp xml`() = withUiModel {
        val first = ui.settingsStore.initComponent(McpSettingsService())
        assertEquals(PluginSettings(), first.settings, "nothing stored yet: the defaults")
        first.update(stored)
        ui.settingsStore.save(first)
        val xml = ui.settingsStore.file("debugger-mcp.xml")
        assertNotNull(xml)
        assertTrue("<component name=\"DebuggerMcpSettings\">" in xml && "value=\"50123\"" in xml, xml)
        assertEquals(stored, ui.settingsStore.initComponent(McpSettingsService()).settings)
    }

    @Test
    fun `values out of range and entries that are not origins are brought back or dropped on load`() = withUiModel {
        ui.settingsStore.writeFile(
            "debugger-mcp.xml",
            """
            <application>
              <component name="DebuggerMcpSettings">
                <option name="maxHistorySize" value="0" />
                <option name="mcpPort" value="80" />
                <option name="braveMode" value="true" />
                <option name="allowedOrigins">
                  <list>
                    <option value="not an origin" />
                    <option value="http://localhost:3000" />
                  </list>
                </option>
                <option name="removedInAnOlderVersion" value="x" />
              </component>
            </application>
            """.trimIndent(),
        )
        val settings = ui.settingsStore.initComponent(McpSettingsService()).settings
        assertEquals(PluginSettings.MAX_HISTORY_RANGE.first, settings.maxHistorySize)
        assertEquals(PluginSettings().mcpPort, settings.mcpPort)
        assertTrue(settings.braveMode)
        assertEquals(listOf("http://localhost:3000"), settings.allowedOrigins)
    }

    /** The Settings | Tools | Debugger MCP page, created from plugin.xml's applicationConfigurable as the platform does. */
    private fun configurable(): SearchableConfigurable {
        val declaration = PluginExtensions.byId("applicationConfigurable", SETTINGS_ID)
        val page = Class.forName(declaration.getValue("instance")).getDeclaredConstructor().newInstance() as SearchableConfigurable
        // The Settings tree shows plugin.xml's name (its key in its bundle) and finds the page by its id before creating it: they must agree.
        val bundle = java.util.ResourceBundle.getBundle(declaration.getValue("bundle"), java.util.Locale.ROOT, page.javaClass.classLoader)
        assertEquals(bundle.getString(declaration.getValue("key")), page.displayName)
        assertEquals(SETTINGS_ID, page.id)
        return page
    }

    /** The text field of [component] that shows [value]. */
    private fun field(component: JComponent, value: String): JTextField =
        SwingTexts.find<JTextField>(component).single { it.text == value }

    @Test
    fun `the configurable goes through create, reset, modify, apply with invalid and valid input, and dispose`() = withUiModel {
        val service = ui.settingsStore.initComponent(McpSettingsService())
        platform.app.register(McpSettingsService::class.java, service)
        val page = configurable()
        onEdt {
            val component = assertNotNull(page.createComponent())
            page.reset()
            assertFalse(page.isModified)
            val port = field(component, PluginSettings().mcpPort.toString())

            port.text = "80"
            assertTrue(page.isModified)
            val error = assertFailsWith<ConfigurationException> { page.apply() }
            assertEquals("MCP port must be a whole number from 1024 to 65535 (got '80')", error.message)
            assertEquals("Debugger MCP", error.title)
            assertEquals(PluginSettings().mcpPort, service.settings.mcpPort, "invalid input reached the service")

            port.text = "50124"
            page.apply()
            assertEquals(50124, service.settings.mcpPort)
            assertFalse(page.isModified)

            port.text = "50125"
            page.reset()
            assertEquals("50124", port.text)
            assertFalse(page.isModified)

            page.disposeUIResources()
            assertFalse(page.isModified)
        }
    }
}
