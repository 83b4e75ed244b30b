// An IdeEventSink that fails on every project event, as the bridge's sink can (a connection
// that broke mid-send): the plugin's listeners must log it and let the platform carry on.
package dev.jetbrainsdebugger.platformmodel.plugin

import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import java.util.concurrent.CopyOnWriteArrayList

internal class ThrowingSink : IdeEventSink {
    /** The project events the plugin tried to send, in order ("opened <path>", "closed <path>"). */
    val attempts = CopyOnWriteArrayList<String>()

    override fun projectOpened(project: ProjectInfo) = fail("opened ${project.path}")
    override fun projectClosed(project: ProjectInfo) = fail("closed ${project.path}")

    private fun fail(event: String) {
        attempts += event
        throw IllegalStateException("the bridge connection broke")
    }

    override fun sessionStarted(session: SessionInfo) {}
    override fun processStarted(session: String, processId: Long) {}
    override fun paused(pause: PauseInfo) {}
    override fun resumed(session: String) {}
    override fun output(session: String, category: OutputCategory, text: String) {}
    override fun exited(session: String, exitCode: Int) {}
    override fun terminated(session: String, error: String?) {}
    override fun breakpointChanged(project: String, breakpoint: BreakpointInfo) {}
    override fun breakpointRemoved(project: String, id: String) {}
}
