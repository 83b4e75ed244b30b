// The cross-cutting tests' fixture: a modelled PyCharm with the debugger and ui areas, and the
// plugin's two development properties (an explicit binary, a plugin directory) set for the test
// and restored after it, so a test can say where, if anywhere, the bundled binary is.
package dev.jetbrainsdebugger.platformmodel.plugin

import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import dev.jetbrainsdebugger.platformmodel.ui.UiArea
import java.nio.file.Files
import java.nio.file.Path

internal class PluginModel(binary: String? = null, pluginDir: String? = null) : AutoCloseable {
    private val previous = PROPERTIES.associateWith { System.getProperty(it) }

    init {
        set(BINARY_PROPERTY, binary)
        set(PLUGIN_DIR_PROPERTY, pluginDir)
    }

    val ui = UiArea()
    val platform: ModelPlatform = ModelPlatform.start(IdeConfig.PYCHARM, listOf(DebuggerArea(), ui))

    private val scratch = mutableListOf<Path>()

    /** A project folder of its own, removed when the model closes. */
    fun projectDir(name: String): Path = Files.createTempDirectory(name).also { scratch.add(it) }

    override fun close() {
        try {
            platform.close()
        } finally {
            previous.forEach(::set)
            scratch.forEach { it.toFile().deleteRecursively() }
        }
    }

    companion object {
        const val BINARY_PROPERTY = "jetbrains.debugger.mcp.binary"
        const val PLUGIN_DIR_PROPERTY = "jetbrains.debugger.plugin.dir"
        private val PROPERTIES = listOf(BINARY_PROPERTY, PLUGIN_DIR_PROPERTY)

        private fun set(name: String, value: String?) {
            if (value == null) System.clearProperty(name) else System.setProperty(name, value)
        }
    }
}

/** Runs [test] over a fresh model, then checks that nothing broke the platform's rules. */
internal fun withPluginModel(binary: String? = null, pluginDir: String? = null, test: PluginModel.() -> Unit) =
    PluginModel(binary, pluginDir).use { model ->
        model.test()
        model.platform.assertClean()
    }
