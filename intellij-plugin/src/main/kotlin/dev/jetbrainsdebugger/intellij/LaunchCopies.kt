package dev.jetbrainsdebugger.intellij

import com.intellij.execution.CommonProgramRunConfigurationParameters
import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.configurations.RunConfiguration
import com.intellij.openapi.extensions.ExtensionPointName
import com.intellij.openapi.project.Project
import com.intellij.util.execution.ParametersListUtil
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.LaunchOverrides

/**
 * A language's own way to take a launch's overrides, for run configurations that keep their
 * arguments elsewhere than CommonProgramRunConfigurationParameters (Python's scripts: script
 * parameters). An extension of this plugin's extension point, registered from the language's
 * optional-dependency descriptor.
 */
interface RunConfigurationOverrides {
    /** Applies [overrides] to [configuration] (a copy made for one launch): false when it is not of this language's kind. */
    fun apply(configuration: RunConfiguration, overrides: LaunchOverrides): Boolean

    companion object {
        val EP_NAME = ExtensionPointName<RunConfigurationOverrides>("dev.jetbrainsdebugger.runConfigurationOverrides")
    }
}

/**
 * A launch with overrides runs a copy of its configuration made for it alone (RunConfiguration.clone,
 * then RunManager.createConfiguration, which adds nothing to the project's list), so the saved
 * configuration is never changed. The copy keeps the configuration's name.
 */
internal object LaunchCopies {
    /** [settings], or their copy with [overrides]; `not_supported` naming the type when it takes none. Pooled + read is enough. */
    fun of(project: Project, settings: RunnerAndConfigurationSettings, overrides: LaunchOverrides): RunnerAndConfigurationSettings {
        if (overrides.isEmpty) return settings
        val copy = settings.configuration.clone()
        val applied = when (copy) {
            is CommonProgramRunConfigurationParameters -> {
                overrides.args?.let { copy.programParameters = ParametersListUtil.join(it) }
                overrides.cwd?.let { copy.workingDirectory = it }
                if (overrides.env.isNotEmpty()) copy.envs = environment(copy.envs, overrides.env)
                true
            }
            else -> runCatching { RunConfigurationOverrides.EP_NAME.extensionList }.getOrDefault(emptyList()).any { it.apply(copy, overrides) }
        }
        if (!applied) {
            throw IdeError(
                "not_supported",
                "run configuration '${settings.name}' is of type ${settings.type.displayName} (${settings.type.id}), which takes no " +
                    "arguments, working directory or environment from the IDE's public API; launch it without overrides, or edit it in the IDE",
            )
        }
        return RunManager.getInstance(project).createConfiguration(copy, settings.factory)
    }

    /** The variables of [current] with [added] on top, as a new map: the copy may share its map with the saved configuration. */
    fun environment(current: Map<String, String>, added: Map<String, String>): Map<String, String> =
        LinkedHashMap(current).apply { putAll(added) }
}
