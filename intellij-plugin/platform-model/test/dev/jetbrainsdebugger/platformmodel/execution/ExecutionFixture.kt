// One modelled PyCharm with a project in a temporary directory, the real plugin facade
// subscribed, and the project's execution events logged: the setting of every execution test.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionListener
import com.intellij.execution.ExecutionManager
import com.intellij.execution.KillableProcess
import com.intellij.execution.process.ProcessHandler
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.IntellijIdeFacade
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModelArea
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import kotlin.test.assertFailsWith
import kotlin.test.assertIs

class ExecutionFixture(extraAreas: List<ModelArea> = emptyList(), config: IdeConfig = IdeConfig.PYCHARM) : AutoCloseable {
    val dir: Path = Files.createTempDirectory("execution-model")
    val platform: ModelPlatform = ModelPlatform.start(config, listOf(ExecutionArea()) + extraAreas)
    // No startup activity: it would start the bridge (the binary), which these tests do not need.
    val project: ModelProject = platform.openProject(dir, startupActivities = false)
    val facade: IntellijIdeFacade = DebuggerBridgeService.getInstance()!!.facade
    val sink = RecordingSink().also { facade.subscribe(it) }
    val log = ExecutionEventLog().also { project.subscribe(ExecutionListener::class.java, it) }
    val path: String get() = dir.toString()
    val runManager: ModelRunManager get() = ModelRunManager.of(project)
    val executionManager: ModelExecutionManager get() = ExecutionManager.getInstance(project) as ModelExecutionManager

    /** Writes a script into the project. */
    fun script(name: String, text: String): String {
        Files.writeString(dir.resolve(name), text.trimIndent() + "\n")
        return name
    }

    fun <T> await(future: CompletableFuture<T>): T = future.get(30, TimeUnit.SECONDS)

    /** The IdeError [future] fails with. */
    fun failure(future: CompletableFuture<*>): IdeError {
        val e = assertFailsWith<ExecutionException> { future.get(30, TimeUnit.SECONDS) }
        return assertIs<IdeError>(e.cause)
    }

    override fun close() {
        try {
            platform.close()
        } finally {
            // A test that failed half-way may leave a real process running: it must not outlive the test.
            log.events.mapNotNull { it.handler as? KillableProcess }.filter { !(it as ProcessHandler).isProcessTerminated }.forEach { it.killProcess() }
            dir.toFile().deleteRecursively()
        }
    }

    companion object {
        /** examples/calculator/calculator.py of this repository, found from the working directory up. */
        fun calculatorScript(): Path {
            var d: Path? = Path.of("").toAbsolutePath()
            while (d != null) {
                val candidate = d.resolve("examples/calculator/calculator.py")
                if (Files.isRegularFile(candidate)) return candidate
                d = d.parent
            }
            error("examples/calculator/calculator.py not found above ${Path.of("").toAbsolutePath()}")
        }
    }
}
