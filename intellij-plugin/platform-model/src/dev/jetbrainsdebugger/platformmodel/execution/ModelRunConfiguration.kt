// A run configuration and its type, built from a ConfigurationDefinition.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.CommonProgramRunConfigurationParameters
import com.intellij.execution.configurations.ConfigurationFactory
import com.intellij.execution.configurations.ConfigurationType
import com.intellij.execution.configurations.RunConfiguration
import com.intellij.execution.configurations.RuntimeConfigurationError
import com.intellij.execution.configurations.RuntimeConfigurationException
import com.intellij.openapi.project.Project
import com.intellij.util.execution.ParametersListUtil
import com.jetbrains.python.run.AbstractPythonRunConfigurationParams
import com.jetbrains.python.run.PythonRunConfigurationParams
import dev.jetbrainsdebugger.platformmodel.core.ModelProject

/** A run configuration the model built from a [ConfigurationDefinition]: what its settings and runners read of it. */
interface DefinedConfiguration : RunConfiguration {
    val definition: ConfigurationDefinition
}

/** A ConfigurationType extension (platform/execution ConfigurationType.java): id and display name. */
class ModelConfigurationType(val definition: ConfigurationTypeDefinition) : ConfigurationType {
    override fun getDisplayName(): String = definition.displayName
    override fun getConfigurationTypeDescription(): String = definition.description
    override fun getId(): String = definition.id
    override fun isDumbAware(): Boolean = false
}

/** The type's one factory (ConfigurationFactory): what RunManager.createConfiguration is handed with a configuration. */
class ModelConfigurationFactory(type: ConfigurationType) : ConfigurationFactory(type)

/**
 * A RunConfiguration (platform/execution RunConfiguration.java). `checkConfiguration()` throws
 * what the definition's problem says, as PyCharm's configurations do: RuntimeConfigurationError
 * for a fatal problem, RuntimeConfigurationException for a warning. While the project indexes it
 * throws IndexNotReadyException (PyCharm's check resolves the interpreter and the module, which
 * may read indexes; RunManagerImpl.canRunConfiguration catches it for that reason).
 *
 * What the user can edit of a launch (arguments, working directory, environment) is state of its
 * own, as RunConfigurationBase keeps its options: `clone()` copies it (upstream a deep copy of the
 * serialized options), so changing a clone leaves the saved configuration as it is. A run starts
 * the definition's command with the arguments appended, in the working directory (the project's by
 * default) and with the environment on top of the IDE's ([commandLine]).
 */
open class ModelRunConfiguration(private val project: Project, override val definition: ConfigurationDefinition) : DefinedConfiguration {
    private val configurationType = ModelConfigurationType(definition.type)

    @Volatile protected var arguments: String? = null
    @Volatile protected var directory: String? = null
    @Volatile protected var environment: Map<String, String> = emptyMap()
    @Volatile protected var passParent: Boolean = true

    override fun getName(): String = definition.name
    override fun getType(): ConfigurationType = configurationType
    override fun getProject(): Project = project
    override fun isAllowRunningInParallel(): Boolean = definition.allowRunningInParallel

    override fun checkConfiguration() {
        (project as? ModelProject)?.indexing?.requireIndexes()
        val problem = definition.problem ?: return
        throw if (problem.fatal) RuntimeConfigurationError(problem.message) else RuntimeConfigurationException(problem.message)
    }

    public override fun clone(): ModelRunConfiguration = of(project, definition).also {
        it.arguments = arguments
        it.directory = directory
        it.environment = environment
        it.passParent = passParent
    }

    /** What a run starts: the command with the arguments, the working directory and the environment. */
    fun commandLine(): CommandLine = CommandLine(
        // The script by its absolute path, as PythonRunConfiguration passes it: the working directory may be another.
        definition.command.map { if (it == definition.script) project.basePath?.let { base -> "$base/$it" } ?: it else it } +
            ParametersListUtil.parse(arguments.orEmpty()),
        directory?.takeIf { it.isNotBlank() },
        environment,
        passParent,
    )

    /** The editable state, for tests that check the saved configuration is unchanged. */
    fun launchState(): List<Any?> = listOf(arguments, directory, environment, passParent)

    override fun toString(): String = "${definition.type.displayName} '${definition.name}'"

    companion object {
        /** The configuration class of the definition's type: Python scripts keep their arguments as script parameters. */
        fun of(project: Project, definition: ConfigurationDefinition): ModelRunConfiguration = when (definition.type) {
            ConfigurationTypeDefinition.PYTHON -> ModelPythonRunConfiguration(project, definition)
            ConfigurationTypeDefinition.APPLICATION -> ModelProgramRunConfiguration(project, definition)
            else -> ModelRunConfiguration(project, definition)
        }
    }
}

data class CommandLine(val command: List<String>, val workingDirectory: String?, val environment: Map<String, String>, val passParentEnvs: Boolean)

/** An Application-like configuration: CommonProgramRunConfigurationParameters, as ApplicationConfiguration implements it. */
class ModelProgramRunConfiguration(project: Project, definition: ConfigurationDefinition) :
    ModelRunConfiguration(project, definition), CommonProgramRunConfigurationParameters {
    override fun setProgramParameters(value: String?) { arguments = value }
    override fun getProgramParameters(): String? = arguments
    override fun setWorkingDirectory(value: String?) { directory = value }
    override fun getWorkingDirectory(): String? = directory
    override fun setEnvs(envs: Map<String, String>) { environment = LinkedHashMap(envs) }
    override fun getEnvs(): Map<String, String> = environment
    override fun setPassParentEnvs(passParentEnvs: Boolean) { passParent = passParentEnvs }
    override fun isPassParentEnvs(): Boolean = passParent
}

/**
 * PythonRunConfiguration: it implements PythonRunConfigurationParams (script parameters) and
 * AbstractPythonRunConfigurationParams (its own base parameters: working directory, environment),
 * not CommonProgramRunConfigurationParameters.
 */
class ModelPythonRunConfiguration(project: Project, definition: ConfigurationDefinition) :
    ModelRunConfiguration(project, definition), PythonRunConfigurationParams, AbstractPythonRunConfigurationParams {
    override fun getBaseParams(): AbstractPythonRunConfigurationParams = this
    override fun getScriptParameters(): String? = arguments
    override fun setScriptParameters(scriptParameters: String?) { arguments = scriptParameters }
    override fun getWorkingDirectory(): String? = directory
    override fun setWorkingDirectory(workingDirectory: String?) { directory = workingDirectory }
    override fun isPassParentEnvs(): Boolean = passParent
    override fun setPassParentEnvs(passParentEnvs: Boolean) { passParent = passParentEnvs }
    override fun getEnvs(): Map<String, String> = environment
    override fun setEnvs(envs: Map<String, String>) { environment = LinkedHashMap(envs) }
}
