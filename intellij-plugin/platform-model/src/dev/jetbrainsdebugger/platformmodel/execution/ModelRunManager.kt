// The project's RunManager: the configurations it lists, defined from data.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.openapi.project.Project
import java.util.concurrent.CopyOnWriteArrayList

/**
 * Follows platform/execution-impl RunManagerImpl.kt as far as the plugin reads it: `allSettings`
 * in definition order, readable from any thread (upstream takes its own read lock);
 * `setTemporaryConfiguration` marks the settings temporary and adds them (upstream's
 * addConfiguration, which also replaces settings of the same unique id). Templates,
 * persistence, the selected configuration and temporary-configuration limits are left out.
 */
class ModelRunManager(private val project: Project) : RunManager() {
    private val settings = CopyOnWriteArrayList<ModelRunnerAndConfigurationSettings>()

    override fun getAllSettings(): List<RunnerAndConfigurationSettings> = settings.toList()

    override fun setTemporaryConfiguration(tempConfiguration: RunnerAndConfigurationSettings?) {
        val added = tempConfiguration as? ModelRunnerAndConfigurationSettings ?: return
        added.temporary = true
        settings.removeIf { it.uniqueID == added.uniqueID }
        settings.add(added)
    }

    /** Adds a configuration, as RunManager.addConfiguration does; returns its settings. */
    fun define(definition: ConfigurationDefinition): ModelRunnerAndConfigurationSettings =
        create(definition).also { settings.add(it) }

    /** Settings not added yet, as RunManager.createConfiguration makes them (a producer's new configuration). */
    fun create(definition: ConfigurationDefinition): ModelRunnerAndConfigurationSettings =
        ModelRunnerAndConfigurationSettings(ModelRunConfiguration(project, definition))

    companion object {
        fun of(project: Project): ModelRunManager = RunManager.getInstance(project) as ModelRunManager
    }
}
