package dev.jetbrainsdebugger.intellij

import com.intellij.DynamicBundle

/**
 * The plugin's IDE texts (resources/messages/DebuggerMcpBundle.properties, plugin.xml's
 * <resource-bundle>), as JetBrains' plugins keep theirs: a DynamicBundle, so an installed
 * language pack can translate them. Held, not inherited: DynamicBundle(String), the subclass
 * form, is obsolete; the bundle is found through this class's loader (the plugin's).
 */
internal object DebuggerMcpBundle {
    private const val PATH = "messages.DebuggerMcpBundle"
    private val bundle = DynamicBundle(DebuggerMcpBundle::class.java, PATH)

    fun message(key: String, vararg params: Any): String = bundle.getMessage(key, *params)
}
