// The tool window's, settings page's and confirmation dialog's texts, read from the plugin's
// message bundle (resources/messages/DebuggerMcpBundle.properties, the file plugin.xml names as
// its <resource-bundle>). A plain ResourceBundle, not the IDE's DynamicBundle: these panels run
// without IntelliJ too (JUnit, the screenshot renderer), and nothing here imports it.
package dev.jetbrainsdebugger.toolwindow

import java.text.MessageFormat
import java.util.ResourceBundle

object UiBundle {
    const val BUNDLE = "messages.DebuggerMcpBundle"

    private val bundle: ResourceBundle by lazy { ResourceBundle.getBundle(BUNDLE, java.util.Locale.getDefault(), UiBundle::class.java.classLoader) }

    /**
     * The text of [key]; with [params], its `{0}`, `{1}`... replaced as MessageFormat does (so a
     * quote in such a text is written `''`), as IntelliJ's bundles do.
     */
    fun message(key: String, vararg params: Any): String {
        val text = bundle.getString(key)
        return if (params.isEmpty()) text else MessageFormat(text, bundle.locale).format(params)
    }
}
