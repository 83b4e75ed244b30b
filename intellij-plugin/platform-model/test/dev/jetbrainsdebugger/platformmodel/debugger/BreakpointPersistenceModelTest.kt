// Breakpoints stay the user's: the project's breakpoints are saved in its workspace and come back
// after a modelled IDE restart (XBreakpointManagerImpl.saveState / loadState), an agent's logpoint
// comes back as the IDE's own logpoint that never stops, and a line where the user already has a
// breakpoint keeps the user's settings.
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.SuspendPolicy as XSuspendPolicy
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import com.intellij.xdebugger.evaluation.EvaluationMode
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.NoProperties
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull

class BreakpointPersistenceModelTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null
    private var restarted: ModelPlatform? = null

    @AfterEach
    fun close() {
        restarted?.close()
        fixture?.close()
    }

    /** The IDE exits (its projects closed and saved) and starts again with the same workspaces; the project is reopened. */
    private fun restart(f: DebuggerFixture): List<XLineBreakpoint<*>> {
        f.platform.assertClean()
        f.platform.close()
        fixture = null
        val again = ModelPlatform.start(IdeConfig.PYCHARM, listOf(DebuggerArea()), workspaces = f.platform.workspaces).also { restarted = it }
        val project = again.openProject(dir, startupActivities = false)
        return XDebuggerManager.getInstance(project).breakpointManager.allBreakpoints.filterIsInstance<XLineBreakpoint<*>>().sortedBy { it.line }
    }

    private fun userBreakpoint(f: DebuggerFixture, line0: Int, condition: String): XLineBreakpoint<*> {
        @Suppress("UNCHECKED_CAST")
        val type = XDebuggerUtil.getInstance().lineBreakpointTypes.single { it.id == "python-line" } as XLineBreakpointType<NoProperties>
        val url = f.platform.vfs.file(dir.resolve("calculator.py")).url
        return f.inWriteAction {
            f.breakpointManager.addLineBreakpoint(type, url, line0, null, false).apply {
                conditionExpression = XDebuggerUtil.getInstance().createExpression(condition, null, null, EvaluationMode.EXPRESSION)
                suspendPolicy = XSuspendPolicy.ALL
            }
        }
    }

    @Test
    fun `an agent's logpoint comes back after a restart as the IDE's own logpoint, which never stops, and the user's breakpoint as it was`() {
        val f = DebuggerFixture(dir).also { fixture = it }
        userBreakpoint(f, 15, "price > 40")
        f.lineBreakpoint("calculator.py", 32, log = "tax={tax}")

        val (user, logpoint) = restart(f)
        assertEquals(listOf(15, "price > 40", XSuspendPolicy.ALL, null), listOf(user.line, user.conditionExpression?.expression, user.suspendPolicy, user.logExpressionObject))
        assertEquals(31, logpoint.line)
        // The message in the file's language (LogMessages' per-language rewrite), as the IDE evaluates and prints a log expression.
        assertEquals("f\"tax={tax}\"", logpoint.logExpressionObject?.expression, "the logpoint was saved as a plain breakpoint")
        assertEquals(XSuspendPolicy.NONE, logpoint.suspendPolicy, "the logpoint would stop the user's next debug session")
        restarted!!.assertClean()
    }

    @Test
    fun `a line where the user has a breakpoint keeps the user's settings, answered as already there`() {
        val f = DebuggerFixture(dir).also { fixture = it }
        val user = userBreakpoint(f, 31, "total > 100")
        val spec = BreakpointSpec(BreakpointKind.Line(f.file("calculator.py"), 32), true, "tax < 0", "tax={tax}", SuspendPolicy.NONE, true)
        val (info, created) = f.facade.addBreakpoint(f.path, spec).done()

        assertFalse(created, "answered `already_exists`")
        assertEquals(listOf("total > 100", null, XSuspendPolicy.ALL, false), listOf(user.conditionExpression?.expression, user.logExpressionObject, user.suspendPolicy, user.isTemporary))
        assertEquals(listOf("total > 100", null, SuspendPolicy.ALL, false), listOf(info.spec.condition, info.spec.logMessage, info.spec.suspendPolicy, info.spec.temporary))
        assertNull(info.spec.logMessage)
        f.platform.assertClean()
    }
}
