// The project's ExecutionManager: validating, starting and following a launch, with the
// ExecutionListener events of the platform in the platform's order.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionException
import com.intellij.execution.ExecutionListener
import com.intellij.execution.Executor
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.configurations.RuntimeConfigurationError
import com.intellij.execution.configurations.RuntimeConfigurationException
import com.intellij.execution.impl.ExecutionManagerImpl
import com.intellij.execution.process.ProcessEvent
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.process.ProcessListener
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.execution.ui.RunContentDescriptor
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.project.IndexNotReadyException
import com.intellij.openapi.util.ThrowableComputable
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.core.ViolationKind
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.atomic.AtomicBoolean
import javax.swing.JPanel

/**
 * Follows platform/execution-impl ExecutionManagerImpl.kt (index file id 1646897139, the newest
 * text found):
 * - `executeConfiguration(env, showSettings, assignNewId)` (EDT): a launch is a model change, so it
 *   must come from a write-safe context (TransactionGuard.kt); with showSettings and "edit before
 *   run" the modal "Edit configuration" dialog; in dumb mode the configuration is not validated
 *   (`if (!DumbService.isDumb(project))`) and runs at once; otherwise `RunManagerImpl.canRunConfiguration`
 *   in a read action on a pooled thread (it asserts a background thread), finishing on the EDT in
 *   the non-modal state (`finishOnUiThread(ModalityState.nonModal())`: it waits while a modal dialog
 *   is open): run when it can, else the modal "Edit configuration" dialog. The model records every
 *   such dialog (in [dialogs] and as an UNEXPECTED_DIALOG violation) and answers it with Cancel,
 *   which upstream ends in `processNotStarted`;
 * - `isStarting`: the (configuration id, executor id, runner id) entries in progress;
 * - [startRunProfile] (doStartRunProfile, compileAndRun, doRun): processStartScheduled; with no
 *   before-launch task the start is one `invokeLater(startRunnable, project.disposed)` later (the
 *   default modality state: on the EDT the current one); with one, the task runs on a pooled thread
 *   (a failure cancels: processNotStarted without a cause) and then `runInEdt(ModalityState.any())`
 *   posts that same invokeLater, or, in dumb mode for a configuration type that is not dumb-aware,
 *   waits for smart mode first (`runWhenSmart`). The start: processStarting, the runner's start,
 *   the callback's processStarted(descriptor); then, in a later EDT event, processStarting(handler)
 *   before `startNotify()`, processStarted, and a listener that publishes processTerminating and
 *   processTerminated(exitCode) from the thread the handler notifies on;
 * - a failed start: callback.processNotStarted(e), ExecutionListener.processNotStarted(executorId, env, e),
 *   and the error shown to the user (recorded in [errorsShown]; upstream a balloon, not modal).
 * Left out: execution targets, content reuse and the run tool window, usage statistics.
 */
class ModelExecutionManager(private val project: ModelProject) : ExecutionManagerImpl() {
    private data class InProgressEntry(val configurationId: String, val executorId: String, val runnerId: String)

    private val inProgress: MutableSet<InProgressEntry> = ConcurrentHashMap.newKeySet()

    /** Modal dialogs the platform opened ("Edit configuration: <name>"), each also an UNEXPECTED_DIALOG violation. */
    val dialogs: MutableList<String> = CopyOnWriteArrayList()

    /** Execution errors the platform would have shown in a balloon. */
    val errorsShown: MutableList<String> = CopyOnWriteArrayList()

    private val app: ModelApplication get() = com.intellij.openapi.application.ApplicationManager.getApplication() as ModelApplication

    private val events: ExecutionListener get() = project.publisher(ExecutionListener::class.java)

    override fun isStarting(configurationId: String, executorId: String, runnerId: String): Boolean =
        if (configurationId != "") {
            InProgressEntry(configurationId, executorId, runnerId) in inProgress
        } else {
            inProgress.any { it.executorId == executorId && it.runnerId == runnerId }
        }

    override fun executeConfiguration(environment: ExecutionEnvironment, showSettings: Boolean, assignNewId: Boolean) {
        app.assertIsDispatchThread()
        app.assertWriteSafe("a launch of '${environment.runProfile.name}'")
        val settings = environment.runnerAndConfigurationSettings
        if (settings == null || project.indexing.isDumb) {
            execute(environment, assignNewId)
            return
        }
        if (showSettings && settings.isEditBeforeRun) {
            editConfiguration(environment, settings)
            return
        }
        val entry = entryOf(environment)
        inProgress.add(entry)
        app.executeOnPooledThread {
            val canRun = app.runReadAction(ThrowableComputable<Boolean, RuntimeException> { canRunConfiguration(settings, environment.executor) })
            app.invokeLater({
                inProgress.remove(entry)
                if (canRun) execute(environment, assignNewId) else editConfiguration(environment, settings)
            }, ModalityState.nonModal())
        }
    }

    /** RunManagerImpl.canRunConfiguration: a fatal problem (or indexing) says no, a warning says yes. */
    private fun canRunConfiguration(settings: RunnerAndConfigurationSettings, executor: Executor): Boolean {
        app.assertIsNonDispatchThread()
        return try {
            settings.checkSettings(executor)
            true
        } catch (_: IndexNotReadyException) {
            false
        } catch (_: RuntimeConfigurationError) {
            false
        } catch (_: RuntimeConfigurationException) {
            true
        }
    }

    /** RunDialog.editConfiguration, answered with Cancel: upstream then processNotStarted(environment, null). */
    private fun editConfiguration(environment: ExecutionEnvironment, settings: RunnerAndConfigurationSettings) {
        val dialog = "Edit configuration: ${settings.name}"
        dialogs.add(dialog)
        app.reportViolation(ViolationKind.UNEXPECTED_DIALOG, "the platform opened the modal \"$dialog\" dialog (an invalid configuration was launched)")
        processNotStarted(environment, null)
    }

    private fun execute(environment: ExecutionEnvironment, assignNewId: Boolean) {
        try {
            if (assignNewId) environment.assignNewExecutionId()
            environment.runner.execute(environment)
        } catch (e: ExecutionException) {
            errorsShown.add("${environment.runProfile.name}: ${e.message}")
        }
    }

    /** doStartRunProfile and compileAndRun; [start] creates the process (the runner's RunProfileState.execute). */
    fun startRunProfile(environment: ExecutionEnvironment, start: () -> ProcessHandler) {
        app.assertIsDispatchThread()
        val executorId = environment.executor.id
        ModelRunManager.of(project).refreshUsagesList(environment.runProfile)
        val entry = entryOf(environment)
        inProgress.add(entry)
        events.processStartScheduled(executorId, environment)

        val startRunnable = Runnable {
            if (project.isDisposed) return@Runnable
            events.processStarting(executorId, environment)
            val handler = try {
                start()
            } catch (e: Throwable) {
                processNotStarted(environment, e)
                errorsShown.add("${environment.runProfile.name}: ${e.message}")
                return@Runnable
            }
            val descriptor = RunContentDescriptor(null, handler, JPanel(), environment.runProfile.name)
            environment.callback?.let {
                it.processStarted(descriptor)
                environment.setCallback(null)
            }
            // AppUIUtil.invokeLaterIfProjectAlive: Application.invokeLater in the default modality state.
            app.invokeLater({ processStarted(environment, handler, entry) }, ModalityState.defaultModalityState())
        }

        if (environment.executionId == 0L) environment.assignNewExecutionId()
        // compileAndRun's start: invokeLater(startRunnable, project.disposed), in the default modality state.
        val later = Runnable { app.invokeLater(startRunnable, ModalityState.defaultModalityState()) }
        val definition = (environment.runProfile as? DefinedConfiguration)?.definition
        val task = definition?.beforeLaunch
        if (task == null) {
            later.run()
            return
        }
        app.executeOnPooledThread {
            Thread.sleep(task.durationMs)
            if (task.fails) {
                // SwingUtilities.invokeLater(onCancelRunnable): processNotStarted.
                javax.swing.SwingUtilities.invokeLater { if (!project.isDisposed) processNotStarted(environment, null) }
                return@executeOnPooledThread
            }
            // doRun: runInEdt(ModalityState.any()) { runWhenSmart for a type that is not dumb-aware, else start }.
            app.invokeLater({
                if (project.isDisposed) return@invokeLater
                if (!definition.type.dumbAware && project.indexing.isDumb) project.indexing.runWhenSmart(later) else later.run()
            }, ModalityState.any())
        }
    }

    private fun processStarted(environment: ExecutionEnvironment, handler: ProcessHandler, entry: InProgressEntry) {
        val executorId = environment.executor.id
        if (!handler.isStartNotified) {
            events.processStarting(executorId, environment, handler)
            handler.startNotify()
        }
        inProgress.remove(entry)
        events.processStarted(executorId, environment, handler)

        val listener = TerminationListener(executorId, environment)
        handler.addProcessListener(listener)
        // The handler may have ended before the listener was added: deliver those events once, as upstream does.
        if (handler.isProcessTerminating || handler.isProcessTerminated) {
            listener.processWillTerminate(ProcessEvent(handler), false)
            if (handler.isProcessTerminated) listener.processTerminated(ProcessEvent(handler, handler.exitCode ?: -1))
        }
    }

    private fun processNotStarted(environment: ExecutionEnvironment, error: Throwable?) {
        inProgress.remove(entryOf(environment))
        environment.callback?.processNotStarted(error)
        events.processNotStarted(environment.executor.id, environment, error)
    }

    /** ProcessExecutionListener: each termination event published once, on the thread the handler notifies from. */
    private inner class TerminationListener(private val executorId: String, private val environment: ExecutionEnvironment) : ProcessListener {
        private val willTerminateNotified = AtomicBoolean()
        private val terminateNotified = AtomicBoolean()

        override fun processWillTerminate(event: ProcessEvent, willBeDestroyed: Boolean) {
            if (project.isDisposed || !willTerminateNotified.compareAndSet(false, true)) return
            events.processTerminating(executorId, environment, event.processHandler)
        }

        override fun processTerminated(event: ProcessEvent) {
            if (project.isDisposed || !terminateNotified.compareAndSet(false, true)) return
            events.processTerminated(executorId, environment, event.processHandler, event.exitCode)
            event.processHandler.removeProcessListener(this)
        }
    }

    private fun entryOf(environment: ExecutionEnvironment) = InProgressEntry(
        environment.runnerAndConfigurationSettings?.uniqueID ?: "",
        environment.executor.id,
        environment.runner.runnerId,
    )
}
