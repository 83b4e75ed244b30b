package dev.jetbrainsdebugger.intellij

import com.intellij.execution.KillableProcess
import com.intellij.execution.process.ProcessHandler

/**
 * Ending a run session's process as the IDE's Stop button does (ExecutionManagerImpl.stopProcess):
 * the first stop detaches or destroys the process (destroyProcess does nothing more once
 * termination began); a stop while it is still ending kills it, where the handler can
 * (KillableProcessHandler). Any thread: a process handler's termination is thread-safe.
 */
internal object Stopping {
    fun stop(handler: ProcessHandler) = when {
        handler.isProcessTerminated -> Unit
        handler is KillableProcess && handler.isProcessTerminating && handler.canKillProcess() -> handler.killProcess()
        handler.detachIsDefault() -> handler.detachProcess()
        else -> handler.destroyProcess()
    }
}
