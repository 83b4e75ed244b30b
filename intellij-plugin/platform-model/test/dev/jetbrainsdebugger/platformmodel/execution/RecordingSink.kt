// What the plugin reports to the bridge, recorded for the execution tests.
package dev.jetbrainsdebugger.platformmodel.execution

import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit

class RecordingSink : IdeEventSink {
    data class Output(val session: String, val category: OutputCategory, val text: String)

    val started: MutableList<SessionInfo> = CopyOnWriteArrayList()
    val outputs: MutableList<Output> = CopyOnWriteArrayList()
    /** Each session's start, exit and end, in the order reported ("started s1", "exited s1 0", "terminated s1"). */
    val lifecycle: MutableList<String> = CopyOnWriteArrayList()
    private val exits = ConcurrentHashMap<String, CompletableFuture<Int>>()
    private val ends = ConcurrentHashMap<String, CompletableFuture<String?>>()
    /** Every pause reported, in order. */
    val pauses: MutableList<PauseInfo> = CopyOnWriteArrayList()

    private fun exitOf(session: String) = exits.computeIfAbsent(session) { CompletableFuture() }
    private fun endOf(session: String) = ends.computeIfAbsent(session) { CompletableFuture() }

    /** The exit code the plugin reported for [session] (bounded wait). */
    fun awaitExit(session: String): Int = exitOf(session).get(20, TimeUnit.SECONDS)

    /** Waits until the plugin reported [session] terminated. */
    fun awaitTerminated(session: String): String? = endOf(session).get(20, TimeUnit.SECONDS)

    /** The first pause of [session] (bounded wait). */
    fun awaitPause(session: String): PauseInfo {
        eventually("a pause of $session") { pauses.any { it.session == session } }
        return pauses.first { it.session == session }
    }

    fun text(session: String, category: OutputCategory): String =
        outputs.filter { it.session == session && it.category == category }.joinToString("") { it.text }

    override fun sessionStarted(session: SessionInfo) {
        started += session
        lifecycle += "started ${session.id}"
    }
    override fun processStarted(session: String, processId: Long) {}
    override fun paused(pause: PauseInfo) { pauses += pause }
    override fun resumed(session: String) {}
    override fun output(session: String, category: OutputCategory, text: String) { outputs += Output(session, category, text) }
    override fun exited(session: String, exitCode: Int) {
        lifecycle += "exited $session $exitCode"
        exitOf(session).complete(exitCode)
    }
    override fun terminated(session: String, error: String?) {
        lifecycle += "terminated $session"
        endOf(session).complete(error)
    }
    override fun breakpointChanged(project: String, breakpoint: BreakpointInfo) {}
    override fun breakpointRemoved(project: String, id: String) {}
    override fun projectOpened(project: ProjectInfo) {}
    override fun projectClosed(project: ProjectInfo) {}
}
