// Where the plugin depends on how a 2025.2 debug session behaves, the model does what
// XDebugSessionImpl does; each test here fails on the model as it was before it followed it
// (commands only on the EDT, sessionStopped before processStopped, a hit temporary breakpoint
// removed later on the EDT). A command to a running session doing nothing is proven with the
// plugin, in ModalDialogTest.
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.util.Disposer
import com.intellij.xdebugger.XDebugProcess
import com.intellij.xdebugger.XDebugSessionListener
import com.intellij.xdebugger.XDebuggerManagerListener
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.platformmodel.execution.eventually
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class UpstreamSessionBehaviourTest {
    @TempDir lateinit var dir: Path

    @Test
    fun `a session that ends publishes processStopped before its listeners hear sessionStopped`() = DebuggerFixture(dir).use { f ->
        val heard = CopyOnWriteArrayList<String>()
        f.project.subscribe(XDebuggerManagerListener::class.java, object : XDebuggerManagerListener {
            override fun processStopped(debugProcess: XDebugProcess) { heard += "processStopped" }
        })
        f.lineBreakpoint("calculator.py", 31)
        val (session, id) = f.launch("calculator.py")
        f.events.next<PauseInfo> { it.session == id }
        session.addSessionListener(object : XDebugSessionListener {
            override fun sessionStopped() { heard += "sessionStopped" }
        }, Disposer.newDisposable("test listener"))

        f.platform.app.onEdtAndWait { session.resume() }

        f.events.next<RecordingSink.Terminated> { it.session == id }
        eventually("both heard") { heard.size == 2 }
        assertEquals(listOf("processStopped", "sessionStopped"), heard)
        f.platform.assertClean()
    }

    @Test
    fun `execution control works from any thread, and a hit temporary breakpoint goes on the thread that resumes`() = DebuggerFixture(dir).use { f ->
        val temporary = f.lineBreakpoint("calculator.py", 31, temporary = true)
        val (session, id) = f.launch("calculator.py")
        f.events.next<PauseInfo> { it.session == id }
        val resumedOn = CopyOnWriteArrayList<String>()
        session.addSessionListener(object : XDebugSessionListener {
            override fun sessionResumed() { resumedOn += Thread.currentThread().name }
        }, Disposer.newDisposable("test listener"))

        ApplicationManager.getApplication().executeOnPooledThread { session.resume() }.get(20, TimeUnit.SECONDS)

        assertEquals(temporary.id, f.events.next<RecordingSink.BreakpointRemoved>().id, "reported from the resuming thread")
        assertTrue(resumedOn.single().startsWith("ApplicationImpl pooled thread"), resumedOn.toString())
        assertTrue(f.breakpointManager.allBreakpoints.none { it.type.id == "python-line" })
        f.events.next<RecordingSink.Terminated> { it.session == id }
        f.platform.assertClean()
    }
}
