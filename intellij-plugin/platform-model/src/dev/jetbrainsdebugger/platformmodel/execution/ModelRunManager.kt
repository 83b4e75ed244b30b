// The project's RunManager: the configurations it lists, defined from data.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.openapi.project.Project
import java.util.concurrent.CopyOnWriteArrayList

/**
 * Follows platform/execution-impl RunManagerImpl.kt as far as the plugin reads it: `allSettings`
 * in definition order, readable from any thread (upstream takes its own read lock). Templates,
 * persistence, the selected configuration and temporary-configuration limits are left out.
 */
class ModelRunManager(private val project: Project) : RunManager() {
    private val settings = CopyOnWriteArrayList<ModelRunnerAndConfigurationSettings>()

    override fun getAllSettings(): List<RunnerAndConfigurationSettings> = settings.toList()

    /** Adds a configuration, as RunManager.addConfiguration does; returns its settings. */
    fun define(definition: ConfigurationDefinition): ModelRunnerAndConfigurationSettings =
        ModelRunnerAndConfigurationSettings(ModelRunConfiguration(project, definition)).also { settings.add(it) }

    companion object {
        fun of(project: Project): ModelRunManager = RunManager.getInstance(project) as ModelRunManager
    }
}
