package dev.jetbrainsdebugger.intellij.python

import com.intellij.execution.configurations.RunConfiguration
import com.intellij.util.execution.ParametersListUtil
import com.jetbrains.python.run.PythonRunConfigurationParams
import dev.jetbrainsdebugger.ide.LaunchOverrides
import dev.jetbrainsdebugger.intellij.LaunchCopies
import dev.jetbrainsdebugger.intellij.RunConfigurationOverrides

/**
 * A Python script's configuration (PythonRunConfiguration) keeps its arguments as script
 * parameters and its working directory and environment in its base parameters; it does not
 * implement CommonProgramRunConfigurationParameters.
 */
class PythonConfigurationOverrides : RunConfigurationOverrides {
    override fun apply(configuration: RunConfiguration, overrides: LaunchOverrides): Boolean {
        val script = configuration as? PythonRunConfigurationParams ?: return false
        overrides.args?.let { script.scriptParameters = ParametersListUtil.join(it) }
        val base = script.baseParams
        overrides.cwd?.let { base.workingDirectory = it }
        if (overrides.env.isNotEmpty()) base.envs = LaunchCopies.environment(base.envs ?: emptyMap(), overrides.env)
        return true
    }
}
