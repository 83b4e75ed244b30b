// The program runners (extensions of com.intellij.programRunner): which configurations each
// accepts, and how a launch starts its process.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionException
import com.intellij.execution.ExecutionManager
import com.intellij.execution.configurations.RunProfile
import com.intellij.execution.configurations.RunnerSettings
import com.intellij.execution.executors.DefaultDebugExecutor
import com.intellij.execution.executors.DefaultRunExecutor
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.execution.runners.ProgramRunner

/**
 * A runner for one executor, accepting the configurations whose type is in [acceptedTypes]
 * (null: every configuration), as `ProgramRunner.canRun(executorId, profile)` does upstream.
 * `execute` hands the start to the ExecutionManager the way GenericProgramRunner does
 * (`ExecutionManager.startRunProfile(environment) { state -> doExecute(...) }`): the process
 * is created by [start] on the EDT inside the manager's start sequence.
 */
class ModelProgramRunner(
    private val runnerId: String,
    private val executorId: String,
    private val acceptedTypes: Set<String>?,
    private val start: (ExecutionEnvironment, ModelRunConfiguration) -> ProcessHandler,
) : ProgramRunner<RunnerSettings> {
    override fun getRunnerId(): String = runnerId

    override fun canRun(executorId: String, profile: RunProfile): Boolean =
        executorId == this.executorId && profile is ModelRunConfiguration &&
            (acceptedTypes == null || profile.definition.type.id in acceptedTypes)

    override fun execute(environment: ExecutionEnvironment) {
        val configuration = environment.runProfile as? ModelRunConfiguration
            ?: throw ExecutionException("${environment.runProfile.name} is not a run configuration of this model")
        (ExecutionManager.getInstance(environment.project) as ModelExecutionManager)
            .startRunProfile(environment) { start(environment, configuration) }
    }

    companion object {
        private val JAVA_DEBUGGED = listOf(
            ConfigurationTypeDefinition.APPLICATION, ConfigurationTypeDefinition.JUNIT, ConfigurationTypeDefinition.REMOTE, ConfigurationTypeDefinition.MAVEN,
        )

        /** Runs every configuration: its command as a real OS process (DefaultRunExecutor, like the platform's default runner). */
        fun run(): ModelProgramRunner = ModelProgramRunner("defaultRunRunner", DefaultRunExecutor.EXECUTOR_ID, null) { env, configuration ->
            ScriptProcessHandler.start(env.project, configuration.commandLine())
        }

        /**
         * Debugs Python configurations only (scripts and tests: PyDebugRunner.canRun accepts every
         * AbstractPythonRunConfiguration), as PyCharm's PyDebugRunner: the debugger area's
         * DebugLauncher starts the XDebugSession (publishing XDebuggerManagerListener.processStarted
         * itself) and the session's process handler is the one the launch reports.
         */
        fun debugPython(): ModelProgramRunner =
            ModelProgramRunner("PyDebugRunner", DefaultDebugExecutor.EXECUTOR_ID, setOf(ConfigurationTypeDefinition.PYTHON.id, ConfigurationTypeDefinition.PYTHON_TESTS.id)) { env, configuration ->
                val script = configuration.definition.script
                    ?: throw ExecutionException("'${configuration.name}' names no script to debug")
                DebugLaunch.start(env, script)
            }

        /**
         * Debugs Java configurations (applications, JUnit tests, a Remote JVM, Maven builds), as the
         * Java plugin's GenericDebuggerRunner does for every ModuleRunProfile and RemoteConfiguration;
         * the scripted program stands in for the JVM the Java debugger attaches to (for Maven, the
         * Maven process: MavenRunConfiguration's RemoteConnectionCreator attaches to it unless an
         * extension such as exec's claims the launch).
         */
        fun debugJava(): ModelProgramRunner =
            ModelProgramRunner("defaultDebugRunner", DefaultDebugExecutor.EXECUTOR_ID, JAVA_DEBUGGED.map { it.id }.toSet()) { env, configuration ->
                val script = configuration.definition.script
                    ?: throw ExecutionException("'${configuration.name}' names no program to debug")
                DebugLaunch.start(env, script)
            }
    }
}
