// The execution area of the model: executors, program runners, and each project's RunManager
// and ExecutionManager.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionManager
import com.intellij.execution.ExecutorRegistry
import com.intellij.execution.RunManager
import com.intellij.execution.executors.DefaultDebugExecutor
import com.intellij.execution.executors.DefaultRunExecutor
import com.intellij.openapi.application.ApplicationInfo
import com.intellij.openapi.project.Project
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import dev.jetbrainsdebugger.platformmodel.core.ModelArea
import dev.jetbrainsdebugger.platformmodel.core.ModelProject

/**
 * Registers what the platform registers: the Run and Debug executors (extensions of
 * `com.intellij.executor`, found through ExecutorRegistry), the program runners (extensions of
 * `com.intellij.programRunner`, which `ProgramRunner.getRunner` reads: a run runner for every
 * configuration, a debug runner for Python ones), and the project services RunManager and
 * ExecutionManager, and in the products with Python the run configuration producers of a
 * Python file ([PythonScriptProducer], [PytestProducer]; extensions of
 * `com.intellij.runConfigurationProducer`). A project starts with no configurations: see [calculatorWorld] and
 * [ModelRunManager.define].
 */
class ExecutionArea : ModelArea {
    override fun registerApplication(app: ModelApplication) {
        app.register(ExecutorRegistry::class.java, ModelExecutorRegistry())
        app.registerExtension(EXECUTOR_EP, DefaultRunExecutor())
        app.registerExtension(EXECUTOR_EP, DefaultDebugExecutor())
        app.registerExtension(PROGRAM_RUNNER_EP, ModelProgramRunner.debugPython())
        if (ApplicationInfo.getInstance().build.productCode in JAVA_PRODUCTS) {
            app.registerExtension(PROGRAM_RUNNER_EP, ModelExternalSystemTaskDebugRunner())
            app.registerExtension(PROGRAM_RUNNER_EP, ModelProgramRunner.debugJava())
        }
        app.registerExtension(PROGRAM_RUNNER_EP, ModelProgramRunner.run())
        if (ApplicationInfo.getInstance().build.productCode in PYTHON_PRODUCTS) {
            app.registerExtension(PRODUCER_EP, PytestProducer())
            app.registerExtension(PRODUCER_EP, PythonScriptProducer())
        }
    }

    override fun registerProject(project: ModelProject) {
        project.register(RunManager::class.java, ModelRunManager(project))
        project.register(ExecutionManager::class.java, ModelExecutionManager(project))
    }

    companion object {
        private const val EXECUTOR_EP = "com.intellij.executor"
        private const val PROGRAM_RUNNER_EP = "com.intellij.programRunner"
        private const val PRODUCER_EP = "com.intellij.runConfigurationProducer"

        /** The products with PyCharm's run configuration producers (PyCharm; IDEA Ultimate with the Python plugin). */
        private val PYTHON_PRODUCTS = setOf("PC", "IU")

        /** The products with the Java plugin's debugger runner (and Gradle's and Maven's configurations). */
        private val JAVA_PRODUCTS = setOf("IC", "IU")

        /** The run configurations of the cross-language test's project (examples/calculator): [CalculatorWorld]. */
        fun calculatorWorld(project: Project) {
            val runManager = ModelRunManager.of(project)
            CalculatorWorld.configurations.forEach { runManager.define(it) }
        }
    }
}
