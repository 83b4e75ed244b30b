package dev.jetbrainsdebugger.intellij

import com.intellij.execution.PsiLocation
import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.actions.ConfigurationContext
import com.intellij.openapi.project.DumbService
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.psi.PsiManager
import dev.jetbrainsdebugger.ide.IdeError
import java.util.concurrent.CompletableFuture

/**
 * The run configuration for one file, made as the editor gutter's "Debug" makes it
 * (RunContextAction.perform upstream): a ConfigurationContext for the file's PSI, the
 * configuration made earlier from that file if there is one (findExisting), else a new one
 * from the language plugins' RunConfigurationProducers (getConfiguration), added as a
 * temporary configuration (the IDE drops the oldest temporary ones past its limit). Unlike the
 * gutter (RunManager.setTemporaryConfiguration, which also selects it) the user's selected
 * configuration stays as it is: the agent's launch is not the user's choice. The launch itself
 * is RunConfigs', as for any configuration.
 */
internal object FileConfigurations {
    /** What the producers gave for a file: a configuration the project has, or a new one to add. */
    private class Made(val settings: RunnerAndConfigurationSettings, val isNew: Boolean)

    /**
     * The configuration that debugs [path]: `file_not_found` when there is no such file,
     * `cannot_debug` when no producer of this IDE makes one for it.
     */
    fun forFile(project: Project, path: String, deadline: Deadline): CompletableFuture<RunnerAndConfigurationSettings> =
        Async.onPooled { Files.resolve(path) } // may refresh the VFS: never inside a read action
            .thenCompose { file -> Async.readOnPooled { make(project, file, path) } }
            .thenCompose { made ->
                if (!made.isNew) return@thenCompose CompletableFuture.completedFuture(made.settings)
                Async.onEdt(deadline) {
                    made.settings.isTemporary = true
                    RunManager.getInstance(project).addConfiguration(made.settings)
                    made.settings
                }
            }

    /**
     * Producers read PSI: in a read action. While the project indexes, the IDE asks only the
     * dumb-aware producers and makes no new configuration (ConfigurationContext answers null):
     * the launch is refused then, as RunConfigs refuses a check, rather than waiting (a launch
     * the agent was told timed out must not start later).
     */
    private fun make(project: Project, file: VirtualFile, path: String): Made {
        if (DumbService.isDumb(project)) {
            throw IdeError("cannot_debug", "the run configuration for $path cannot be made while the IDE is indexing; try again when indexing has finished")
        }
        val noProducer = IdeError("cannot_debug", "no run configuration type of this IDE can debug $path")
        val psi = PsiManager.getInstance(project).findFile(file) ?: throw noProducer // a directory, or no PSI for it
        val context = ConfigurationContext.createEmptyContextForLocation(PsiLocation(psi))
        context.findExisting()?.let { return Made(it, isNew = false) }
        return Made(context.configuration ?: throw noProducer, isNew = true)
    }
}
