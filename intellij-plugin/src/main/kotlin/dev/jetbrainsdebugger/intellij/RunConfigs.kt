package dev.jetbrainsdebugger.intellij

import com.intellij.execution.ExecutionException
import com.intellij.execution.ExecutionManager
import com.intellij.execution.Executor
import com.intellij.execution.ProgramRunnerUtil
import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.configurations.RuntimeConfigurationError
import com.intellij.execution.configurations.RuntimeConfigurationException
import com.intellij.execution.executors.DefaultDebugExecutor
import com.intellij.execution.executors.DefaultRunExecutor
import com.intellij.execution.runners.ExecutionEnvironmentBuilder
import com.intellij.execution.runners.ProgramRunner
import com.intellij.execution.ui.RunContentDescriptor
import com.intellij.openapi.project.IndexNotReadyException
import com.intellij.openapi.project.Project
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import java.util.concurrent.CompletableFuture

/**
 * Run configurations: listing with can_run/can_debug from the real program runners, and
 * launching without any modal dialog, by name or (debug only) the configuration made for a
 * file (FileConfigurations). The IDE opens one in two cases this code avoids:
 *  - "Edit configuration" when the configuration does not validate (even with showSettings
 *    false): settings.checkSettings(executor) runs first, on a pooled thread in a read action
 *    (newer platforms assert it is not the EDT), and its error goes back to the agent;
 *  - "Edit configuration" when "show this page before launch" is set: showSettings = false.
 * A configuration that does not allow parallel runs is refused while it runs, naming the
 * running session: the IDE's Run button would ask "stop and rerun?" (restartRunProfile), but
 * executeConfigurationAsync checks nothing and would start a second instance.
 * A launch is handed to the IDE on the EDT in a write-safe context (Async.onEdt); the IDE may
 * still start it much later (it validates in the non-modal state, waits for before-launch tasks
 * such as a build). When the call's deadline passes first, the agent is told `timeout` and the
 * launch is given up (PendingLaunches.abandon): the session it starts later is stopped at once.
 */
internal class RunConfigs(private val sessions: Sessions) {
    fun list(project: Project): CompletableFuture<List<RunConfigurationInfo>> = Async.readOnPooled {
        RunManager.getInstance(project).allSettings.map { s ->
            val configuration = s.configuration
            val canRun = ProgramRunner.getRunner(DefaultRunExecutor.EXECUTOR_ID, configuration) != null
            val canDebug = ProgramRunner.getRunner(DefaultDebugExecutor.EXECUTOR_ID, configuration) != null
            RunConfigurationInfo(
                name = s.name,
                type = s.type.displayName,
                typeId = s.type.id,
                isTemporary = s.isTemporary,
                canRun = canRun,
                canDebug = canDebug,
                folder = s.folderName,
                description = null,
                unavailableReason = when {
                    !canRun && !canDebug -> "no runner accepts this configuration in this IDE"
                    !canDebug -> "no debugger runner accepts this configuration"
                    !canRun -> "no run runner accepts this configuration"
                    else -> null
                },
            )
        }
    }

    private sealed class Check {
        data class Ok(val settings: RunnerAndConfigurationSettings, val warning: String?) : Check()
        data class Refused(val error: IdeError) : Check()
    }

    fun launch(project: Project, name: String, mode: LaunchMode, deadline: Deadline, options: LaunchOptions = LaunchOptions()): CompletableFuture<SessionInfo> =
        Async.readOnPooled {
            val all = RunManager.getInstance(project).allSettings
            all.firstOrNull { it.name == name && !it.isTemporary } ?: all.firstOrNull { it.name == name }
                ?: throw IdeError("configuration_not_found", "no run configuration named '$name'", mapOf("available" to all.map { it.name }))
        }.thenCompose { launch(project, it, mode, options, deadline) }

    /** Debugs one file with the configuration made for it as the gutter's "Debug" makes it ([FileConfigurations]). */
    fun launchFile(project: Project, path: String, deadline: Deadline, options: LaunchOptions): CompletableFuture<SessionInfo> =
        FileConfigurations.forFile(project, path, deadline).thenCompose { launch(project, it, LaunchMode.DEBUG, options, deadline) }

    /**
     * Checks [saved] as the IDE would before launching, never with its dialog, then starts them: with
     * [options]' overrides, a copy made for this launch ([LaunchCopies]), checked in their place.
     */
    private fun launch(
        project: Project,
        saved: RunnerAndConfigurationSettings,
        mode: LaunchMode,
        options: LaunchOptions,
        deadline: Deadline,
    ): CompletableFuture<SessionInfo> {
        val debug = mode == LaunchMode.DEBUG
        val code = if (debug) "cannot_debug" else "cannot_run"
        val verb = if (debug) "debug" else "run"
        val name = saved.name
        return Async.readOnPooled {
            val copied = LaunchCopies.of(project, saved, options.overrides)
            val settings = if (debug) BuildToolLaunches.forDebug(project, copied) else copied
            val executor = executor(mode)
            if (ProgramRunner.getRunner(executor.id, settings.configuration) == null) {
                throw IdeError(code, "the IDE has no runner that can $verb run configuration '$name' (${settings.type.displayName})")
            }
            // Validate here, as the IDE would before launching, and never let it open its dialog.
            try {
                settings.checkSettings(executor)
                Check.Ok(settings, null)
            } catch (e: RuntimeConfigurationError) {
                Check.Refused(IdeError(code, "Run configuration '$name' is not valid: ${e.message ?: "invalid settings"}"))
            } catch (e: RuntimeConfigurationException) {
                Check.Ok(settings, e.message) // a warning: the IDE runs it anyway
            } catch (e: IndexNotReadyException) {
                Check.Refused(IdeError(code, "Run configuration '$name' cannot be checked while the IDE is indexing; try again when indexing has finished"))
            }
        }.thenCompose { check ->
            when (check) {
                is Check.Refused -> throw check.error
                is Check.Ok -> {
                    check.warning?.let { IntellijLog.info("run configuration '$name' has a warning, launching anyway: $it") }
                    refuseSecondInstance(check.settings, code)
                    start(project, check.settings, mode, options.breakOnUncaught && debug, code, deadline)
                }
            }
        }
    }

    private fun executor(mode: LaunchMode): Executor =
        if (mode == LaunchMode.DEBUG) DefaultDebugExecutor.getDebugExecutorInstance() else DefaultRunExecutor.getRunExecutorInstance()

    /** A single-instance configuration that is running: the IDE's own Run button would ask "stop and rerun?" instead. */
    private fun refuseSecondInstance(settings: RunnerAndConfigurationSettings, code: String) {
        if (settings.configuration.isAllowRunningInParallel) return
        val running = sessions.live().firstOrNull { r ->
            val s = r.env?.runnerAndConfigurationSettings
            s != null && s.uniqueID == settings.uniqueID && r.processHandler?.isProcessTerminated != true
        } ?: return
        throw IdeError(
            code,
            "run configuration '${settings.name}' is already running as session ${running.id} and does not allow parallel runs; " +
                "stop that session first",
            mapOf("session" to running.id),
        )
    }

    /**
     * With [breakOnUncaught], the session's language's exception breakpoint stops at uncaught
     * exceptions while it lasts, and for a test configuration where a test fails ([UncaughtExceptionStops]).
     */
    private fun start(
        project: Project,
        settings: RunnerAndConfigurationSettings,
        mode: LaunchMode,
        breakOnUncaught: Boolean,
        code: String,
        deadline: Deadline,
    ): CompletableFuture<SessionInfo> =
        Async.onEdtAsync(deadline) {
            val env = try {
                ExecutionEnvironmentBuilder.create(executor(mode), settings).build()
            } catch (e: ExecutionException) {
                throw IdeError(code, "cannot ${if (mode == LaunchMode.DEBUG) "debug" else "run"} '${settings.name}': ${e.message}")
            }
            if (ExecutionManager.getInstance(project).isStarting(env)) {
                throw IdeError(code, "run configuration '${settings.name}' is already being started")
            }
            // The id is assigned before the launch so that every event of this launch is
            // recognised, whichever comes first (hence assignNewId = false below).
            val executionId = env.assignNewExecutionId()
            val language = Languages.ofConfiguration(settings.type.id)
            val stopsAtUncaught = breakOnUncaught && sessions.uncaughtStops.take(project, language, executionId)
            val testsDoNotStop = if (breakOnUncaught && (Languages.runsTests(settings.type.id) || BuildToolLaunches.runsTests(settings))) {
                sessions.uncaughtStops.takeTestFailures(project, language, executionId) ?: BuildToolLaunches.testStopCaveat(settings.type.id)
            } else {
                null
            }
            val started = sessions.launches.expect(executionId, mode)
            deadline.onPass { sessions.launches.abandon(executionId) }
            ProgramRunnerUtil.executeConfigurationAsync(env, false, false, object : ProgramRunner.Callback {
                override fun processStarted(descriptor: RunContentDescriptor?) {
                    // The session is reported through the listeners; nothing to read here.
                }

                override fun processNotStarted(error: Throwable?) {
                    val why = error?.message?.takeIf { it.isNotBlank() } ?: "a before-launch task failed or was cancelled"
                    sessions.launches.failed(executionId, IdeError(code, "run configuration '${settings.name}' was not started: $why"))
                }
            })
            val told = testsDoNotStop?.let { why ->
                started.thenApply { s -> s.also { sessions.tell(it.id, "not_supported: the plugin cannot make a failing test stop this session: $why\n") } }
            } ?: started
            if (breakOnUncaught) told.thenApply { it.copy(breakOnUncaught = stopsAtUncaught) } else told
        }
}
