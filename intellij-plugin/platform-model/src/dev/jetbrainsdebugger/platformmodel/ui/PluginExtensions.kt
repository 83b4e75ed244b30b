// The platform extensions of the plugin's descriptor the ui model builds from, as the core read
// them from plugin.xml: <notificationGroup>, <toolWindow>, <applicationConfigurable>.
package dev.jetbrainsdebugger.platformmodel.ui

import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform

object PluginExtensions {
    /** The attributes of each `com.intellij.<name>` extension (read when first needed: the platform is running by then). */
    fun of(name: String): List<Map<String, String>> =
        (ModelPlatform.current ?: error("no ModelPlatform is running")).descriptor.platformExtensions(name)

    /** The one extension `com.intellij.<name>` whose `id` is [id]. */
    fun byId(name: String, id: String): Map<String, String> =
        of(name).singleOrNull { it["id"] == id } ?: throw AssertionError("plugin.xml declares no $name '$id'")
}
