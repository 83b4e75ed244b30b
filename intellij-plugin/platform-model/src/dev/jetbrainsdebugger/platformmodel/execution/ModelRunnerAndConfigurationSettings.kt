// RunnerAndConfigurationSettings: a configuration as the RunManager lists it.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.Executor
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.configurations.ConfigurationFactory
import com.intellij.execution.configurations.ConfigurationType
import com.intellij.execution.configurations.RunConfiguration

/**
 * Follows platform/execution-impl RunnerAndConfigurationSettingsImpl.kt: `checkSettings(executor)`
 * is the configuration's `checkConfiguration()` (upstream also asks the runner's per-runner
 * settings, which this model has none of); the unique id is "<type display name>.<name>".
 */
class ModelRunnerAndConfigurationSettings(private val configuration: DefinedConfiguration) : RunnerAndConfigurationSettings {
    val definition: ConfigurationDefinition get() = configuration.definition

    @Volatile private var temporary: Boolean = definition.temporary

    override fun getType(): ConfigurationType = configuration.type
    override fun getFactory(): ConfigurationFactory = ModelConfigurationFactory(configuration.type)
    override fun isTemporary(): Boolean = temporary
    override fun setTemporary(temporary: Boolean) {
        this.temporary = temporary
    }
    override fun getConfiguration(): RunConfiguration = configuration
    override fun getName(): String = definition.name
    override fun getUniqueID(): String = "${definition.type.displayName}.${definition.name}"
    override fun checkSettings(executor: Executor?) = configuration.checkConfiguration()
    override fun getFolderName(): String? = definition.folder
    override fun isEditBeforeRun(): Boolean = definition.editBeforeRun

    override fun toString(): String = name
}
