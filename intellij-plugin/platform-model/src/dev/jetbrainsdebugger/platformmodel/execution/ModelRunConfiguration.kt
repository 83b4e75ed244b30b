// A run configuration and its type, built from a ConfigurationDefinition.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.configurations.ConfigurationType
import com.intellij.execution.configurations.RunConfiguration
import com.intellij.execution.configurations.RuntimeConfigurationError
import com.intellij.execution.configurations.RuntimeConfigurationException
import com.intellij.openapi.project.Project
import dev.jetbrainsdebugger.platformmodel.core.ModelProject

/** A ConfigurationType extension (platform/execution ConfigurationType.java): id and display name. */
class ModelConfigurationType(val definition: ConfigurationTypeDefinition) : ConfigurationType {
    override fun getDisplayName(): String = definition.displayName
    override fun getConfigurationTypeDescription(): String = definition.description
    override fun getId(): String = definition.id
    override fun isDumbAware(): Boolean = false
}

/**
 * A RunConfiguration (platform/execution RunConfiguration.java). `checkConfiguration()` throws
 * what the definition's problem says, as PyCharm's configurations do: RuntimeConfigurationError
 * for a fatal problem, RuntimeConfigurationException for a warning. While the project indexes it
 * throws IndexNotReadyException (PyCharm's check resolves the interpreter and the module, which
 * may read indexes; RunManagerImpl.canRunConfiguration catches it for that reason).
 */
class ModelRunConfiguration(private val project: Project, val definition: ConfigurationDefinition) : RunConfiguration {
    private val configurationType = ModelConfigurationType(definition.type)

    override fun getName(): String = definition.name
    override fun getType(): ConfigurationType = configurationType
    override fun getProject(): Project = project
    override fun isAllowRunningInParallel(): Boolean = definition.allowRunningInParallel

    override fun checkConfiguration() {
        (project as? ModelProject)?.indexing?.requireIndexes()
        val problem = definition.problem ?: return
        throw if (problem.fatal) RuntimeConfigurationError(problem.message) else RuntimeConfigurationException(problem.message)
    }

    public override fun clone(): ModelRunConfiguration = ModelRunConfiguration(project, definition)

    override fun toString(): String = "${definition.type.displayName} '${definition.name}'"
}
