package dev.jetbrainsdebugger.intellij

import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.SessionInfo
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap

/**
 * The agent's launches waiting for their session. `session/launch` assigns the execution id
 * before launching and waits here until the session `s<executionId>` can be used (debug: its
 * debugger is attached; run: its process started), so the answer is the session that launch
 * started, not "the newest session" after a poll. A launch given up at its deadline must not
 * run: if the IDE starts it anyway, its session is stopped as soon as it appears.
 */
internal class PendingLaunches(
    private val recordOf: (executionId: Long) -> SessionRecord?,
    /** A launch that never started is over: what it held is given back. */
    private val ended: (executionId: Long) -> Unit,
) {
    private class PendingLaunch(val mode: LaunchMode, val future: CompletableFuture<SessionInfo>)

    /** Launches in flight, by execution id: completed when their session exists. */
    private val pending = ConcurrentHashMap<Long, PendingLaunch>()

    /** Launches given up at their deadline (the agent was told `timeout`), by execution id. */
    private val abandoned = ConcurrentHashMap.newKeySet<Long>()

    fun expect(executionId: Long, mode: LaunchMode): CompletableFuture<SessionInfo> {
        val p = PendingLaunch(mode, CompletableFuture())
        pending[executionId] = p
        p.future.whenComplete { _, _ -> pending.remove(executionId, p) }
        recordOf(executionId)?.let { settle(it) }
        return p.future
    }

    fun failed(executionId: Long, error: IdeError) {
        pending.remove(executionId)?.future?.completeExceptionally(error)
        ended(executionId)
    }

    /**
     * Gives up the launch [executionId]: the agent was told it timed out, so it must not run. The
     * IDE cannot take back a launch it was handed; if it starts it anyway, its session is stopped
     * as soon as it appears, and ends with an error that says so.
     */
    fun abandon(executionId: Long) {
        abandoned += executionId
        pending.remove(executionId)
        recordOf(executionId)?.let(::settle)
    }

    /** Completes the pending launch of [record] once the session can be used; stops it if its launch was given up. */
    fun settle(record: SessionRecord) {
        val id = record.executionId ?: return
        if (id in abandoned) return stopStartedAfterTimeout(record)
        val p = pending[id] ?: return
        val ready = when (p.mode) {
            LaunchMode.DEBUG -> record.debugSession != null
            LaunchMode.RUN -> record.processHandler != null
        }
        if (ready) p.future.complete(record.info())
    }

    private fun stopStartedAfterTimeout(record: SessionRecord) {
        val handler = record.processHandler ?: record.debugSession?.debugProcess?.processHandler ?: return
        if (!record.startedAfterTimeout.compareAndSet(false, true)) return
        record.terminationError = "the IDE started this launch after the call had timed out; it was stopped at once"
        IntellijLog.info("session ${record.id} started after its launch had timed out: stopping it")
        // Any thread (destroyProcess waits for the start to be notified): not behind a modal dialog.
        Async.onPooled { Stopping.stop(handler) }
    }
}
