// Gradle's run configuration and the external-system debug path: ExternalSystemTaskDebugRunner
// and the forked debugger that attaches to the JVMs the build forks.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionException
import com.intellij.execution.ExecutionListener
import com.intellij.execution.ExecutionManager
import com.intellij.execution.ProgramRunnerUtil
import com.intellij.execution.configurations.ConfigurationType
import com.intellij.execution.configurations.RunProfile
import com.intellij.execution.configurations.RunnerSettings
import com.intellij.execution.configurations.RuntimeConfigurationError
import com.intellij.execution.configurations.RuntimeConfigurationException
import com.intellij.execution.executors.DefaultDebugExecutor
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.execution.runners.ExecutionEnvironmentBuilder
import com.intellij.execution.runners.ProgramRunner
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.externalSystem.model.ProjectSystemId
import com.intellij.openapi.externalSystem.service.execution.ExternalSystemRunConfiguration
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import java.io.OutputStream

/**
 * GradleRunConfiguration (plugins/gradle, an ExternalSystemRunConfiguration): its tasks are the
 * definition's command. clone() keeps the debug options and tasks, as upstream's
 * writeExternal/readExternal round trip does.
 */
class ModelGradleRunConfiguration(private val project: Project, override val definition: ConfigurationDefinition) :
    ExternalSystemRunConfiguration(ProjectSystemId("GRADLE"), project, ModelConfigurationFactory(ModelConfigurationType(definition.type)), definition.name),
    DefinedConfiguration {
    private val configurationType = ModelConfigurationType(definition.type)

    init {
        settings.taskNames = definition.command.toMutableList()
    }

    override fun getName(): String = definition.name
    override fun getType(): ConfigurationType = configurationType
    override fun getProject(): Project = project
    override fun isAllowRunningInParallel(): Boolean = definition.allowRunningInParallel

    override fun checkConfiguration() {
        val problem = definition.problem ?: return
        throw if (problem.fatal) RuntimeConfigurationError(problem.message) else RuntimeConfigurationException(problem.message)
    }

    override fun clone(): ModelGradleRunConfiguration = ModelGradleRunConfiguration(project, definition).also {
        it.isReattachDebugProcess = isReattachDebugProcess
        it.isDebugServerProcess = isDebugServerProcess
        it.settings.taskNames = ArrayList(settings.taskNames)
    }

    override fun toString(): String = "Gradle '${definition.name}'"
}

/**
 * ExternalSystemTaskDebugRunner (platform/external-system-impl; index file id 7203631580): a
 * GenericDebuggerRunner for every ExternalSystemRunConfiguration under the Debug executor.
 * `createContentDescriptor` starts the launch's own session (XDebuggerManager.startSession with the
 * launch's environment; its process handler is the build's ExternalSystemProcessHandler, from
 * ExternalSystemRunnableState.execute) and a ForkedDebuggerThread on the state's fork socket.
 * The build's init script (GradleJvmDebuggerBackend) signals each JavaForkOptions task's JVM
 * before it starts, named by its task path; ForkedDebuggerThread.attachRemoteDebugger then
 * (index file id 4439344783):
 *  - with isReattachDebugProcess, reattaches the launch's own debug process to the fork
 *    (DebugProcessImpl.reattach): the program runs in the launch's session;
 *  - without (the default), debugs a RemoteConfiguration named after the task
 *    (GradleJvmDebuggerBackend.debugConfigurationSettings: RunManager.createConfiguration, never
 *    added; SERVER_MODE, localhost) as a launch of its own (ProgramRunnerUtil.executeConfigurationAsync
 *    on the EDT): another environment, execution id, process handler and session.
 * Simplified: the build forks one JVM, the definition's program, as soon as it starts, and ends
 * with it. On the reattaching path the model's session runs that program from the start. On the
 * other path the launch's own session (a Java debugger listening for the build process, which
 * connects only when Gradle script debugging is on) is not modelled: the launch has the build's
 * process handler alone.
 */
class ModelExternalSystemTaskDebugRunner : ProgramRunner<RunnerSettings> {
    override fun getRunnerId(): String = "ExternalSystemTaskDebugRunner"

    override fun canRun(executorId: String, profile: RunProfile): Boolean =
        executorId == DefaultDebugExecutor.EXECUTOR_ID && profile is ModelGradleRunConfiguration

    override fun execute(environment: ExecutionEnvironment) {
        val configuration = environment.runProfile as? ModelGradleRunConfiguration
            ?: throw ExecutionException("${environment.runProfile.name} is not a Gradle configuration of this model")
        val script = configuration.definition.script ?: throw ExecutionException("'${configuration.name}' forks no JVM to debug")
        (ExecutionManager.getInstance(environment.project) as ModelExecutionManager).startRunProfile(environment) {
            if (configuration.isReattachDebugProcess) {
                DebugLaunch.start(environment, script)
            } else {
                BuildProcessHandler().also { build ->
                    build.startNotify()
                    // ForkedDebuggerThread runs the fork's launch on the EDT (invokeAndWait from its own thread), once the build signals it.
                    ApplicationManager.getApplication().invokeLater(
                        { debugFork(environment.project, forkName(configuration), script, build) },
                        ModalityState.defaultModalityState(),
                    )
                }
            }
        }
    }

    /** The task path the init script names the fork by: the first task, with the root project's `:`. */
    private fun forkName(configuration: ModelGradleRunConfiguration): String =
        configuration.settings.taskNames.firstOrNull { !it.startsWith("-") }?.let { if (it.startsWith(":")) it else ":$it" } ?: configuration.name

    /** ForkedDebuggerThread.runDebugConfiguration: the fork as a Remote launch of its own; the build ends when the fork does. */
    private fun debugFork(project: Project, name: String, script: String, build: BuildProcessHandler) {
        val settings = ModelRunManager.of(project).create(ConfigurationDefinition(name, ConfigurationTypeDefinition.REMOTE, emptyList(), script))
        val environment = ExecutionEnvironmentBuilder.create(DefaultDebugExecutor.getDebugExecutorInstance(), settings).build()
        val subscription = Disposer.newDisposable("fork $name")
        (project as ModelProject).subscribe(ExecutionListener::class.java, object : ExecutionListener {
            override fun processTerminated(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler, exitCode: Int) {
                if (env !== environment) return
                Disposer.dispose(subscription)
                build.finish(exitCode)
            }
        }, subscription)
        ProgramRunnerUtil.executeConfigurationAsync(environment, true, true, null)
    }
}

/** ExternalSystemProcessHandler as the model needs it: the build's process, which ends when [finish] is called or it is destroyed. */
class BuildProcessHandler : ProcessHandler() {
    fun finish(exitCode: Int) = notifyProcessTerminated(exitCode)
    override fun destroyProcessImpl() = notifyProcessTerminated(1)
    override fun detachProcessImpl() = notifyProcessDetached()
    override fun detachIsDefault(): Boolean = false
    override fun getProcessInput(): OutputStream? = null
}
