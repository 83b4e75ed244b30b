package dev.jetbrainsdebugger.intellij

import com.intellij.DynamicBundle

/**
 * The plugin's IDE texts (resources/messages/DebuggerMcpBundle.properties, plugin.xml's
 * <resource-bundle>), as JetBrains' plugins keep theirs: a DynamicBundle, so an installed
 * language pack can translate them.
 */
internal object DebuggerMcpBundle : DynamicBundle("messages.DebuggerMcpBundle") {
    fun message(key: String, vararg params: Any): String = getMessage(key, *params)
}
