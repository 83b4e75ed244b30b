// Install, update and uninstall without a restart: the plugin is unloaded as DynamicPlugins
// unloads it, while a debug session runs and just after an agent's call, and the platform's
// check (nothing of the plugin reachable within 5 s, ModelPlatform.unloadPlugin) must pass. The
// agent's logpoints are handed over to the IDE as its own logpoints on the way out.
package dev.jetbrainsdebugger.platformmodel.plugin

import com.intellij.xdebugger.breakpoints.SuspendPolicy as XSuspendPolicy
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.launcher.BinarySupervisorTest
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerFixture
import dev.jetbrainsdebugger.platformmodel.debugger.done
import dev.jetbrainsdebugger.platformmodel.ui.awaitValue
import dev.jetbrainsdebugger.toolwindow.ServerState
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals

class PluginUnloadTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null

    @AfterEach
    fun close() {
        fixture?.close()
    }

    @Test
    fun `unloaded while a session is paused and just after an agent's call, nothing of the plugin stays reachable`() {
        val f = DebuggerFixture(dir).also { fixture = it }
        f.lineBreakpoint("calculator.py", 31)
        val (_, id) = f.launch("calculator.py")
        f.events.next<PauseInfo> { it.session == id }
        f.facade.threads(id).done() // its deadline (11 s) was set a moment ago

        val leaks = f.platform.unloadPlugin()
        assertEquals(emptyList(), leaks, "the class loader could not be unloaded; held by:\n" + leaks.joinToString("\n"))
        f.platform.assertClean()
    }

    @Test
    fun `unloaded while the server runs and its bridge keeps reconnecting, its threads and timers end within the check`() {
        // A binary that is up but whose bridge port answers nothing: the bridge client retries with back-off.
        val binary = BinarySupervisorTest.fakeBinary(dir, "serve")
        withPluginModel(binary = binary.toString()) {
            val service = DebuggerBridgeService.getInstance()!!
            service.ensureStarted()
            // The binary is up; its bridge refuses the connection, and the client retries with back-off.
            awaitValue("the bridge reconnecting") { (service.state() as? ServerState.Restarting)?.takeIf { "reconnecting" in it.reason } }

            val leaks = platform.unloadPlugin()
            assertEquals(emptyList(), leaks, "the class loader could not be unloaded; held by:\n" + leaks.joinToString("\n"))
        }
    }

    @Test
    fun `an agent's logpoint becomes the IDE's own logpoint, which never stops, when the plugin unloads`() {
        val f = DebuggerFixture(dir).also { fixture = it }
        f.lineBreakpoint("calculator.py", 32, log = "tax={tax}")

        f.platform.unloadPlugin()
        val logpoint = f.breakpointManager.allBreakpoints.filterIsInstance<XLineBreakpoint<*>>().single()
        assertEquals(31, logpoint.line)
        assertEquals("f\"tax={tax}\"", logpoint.logExpressionObject?.expression, "the logpoint is left as a plain breakpoint")
        assertEquals(XSuspendPolicy.NONE, logpoint.suspendPolicy, "the logpoint would stop the user's next debug session")
        f.platform.assertClean()
    }
}
