// The plugin's Java method breakpoints (JavaMethodBreakpoints.kt and the pause attribution) over a
// modelled IntelliJ IDEA session of Checkout.java: a breakpoint set by Class.method through the
// facade stops on entry to that method, at its first line, and the agent is told it was the hit.
package dev.jetbrainsdebugger.platformmodel.debugger

import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.ide.VariableScope
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class JavaMethodBreakpointModelTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null

    @AfterEach
    fun close() {
        fixture?.close()
    }

    private fun DebuggerFixture.methodBreakpoint(name: String): BreakpointInfo =
        facade.addBreakpoint(path, BreakpointSpec(BreakpointKind.Function(name), true, null, null, SuspendPolicy.ALL, false)).done().breakpoint

    private fun DebuggerFixture.frames(session: String) =
        facade.stack(session, "t1", 10).done().frames.map { Triple(it.className, it.method, it.line) }

    @Test
    fun `a Java method breakpoint set by Class method stops at the method's first line, reported to the agent as the hit`() {
        val f = DebuggerFixture(dir, IdeConfig.INTELLIJ_IDEA).also { fixture = it }
        val total = f.methodBreakpoint("com.example.Cart.total")
        val tax = f.methodBreakpoint("com.example.Cart.tax")
        // Never entered: a method of Cart the program does not call, and total in another class.
        val notEntered = listOf(f.methodBreakpoint("com.example.Cart.discount"), f.methodBreakpoint("com.example.Checkout.total"))
        val (_, id) = f.launch("Checkout.java")

        val first = f.events.next<PauseInfo> { it.session == id }
        assertEquals(StopReason.BREAKPOINT, first.reason)
        assertEquals(listOf(total.id), first.hitBreakpoints)
        assertEquals(listOf("main"), f.facade.threads(id).done().map { it.name })
        assertEquals(listOf(Triple("com.example.Cart", "total", 5), Triple("com.example.Checkout", "main", 20)), f.frames(id))

        f.facade.resume(id).done()
        val second = f.events.next<PauseInfo> { it.session == id }
        assertEquals(StopReason.BREAKPOINT, second.reason)
        assertEquals(listOf(tax.id), second.hitBreakpoints)
        assertEquals(
            listOf(Triple("com.example.Cart", "tax", 10), Triple("com.example.Cart", "total", 6), Triple("com.example.Checkout", "main", 20)),
            f.frames(id),
        )
        // On entry: the arguments are bound, nothing of the method has run.
        val frame = f.facade.stack(id, "t1", 1).done().frames.single().frameRef
        assertEquals(mapOf("subtotal" to "150"), f.facade.variables(id, frame, VariableScope.LOCAL).done().associate { it.name to it.value })

        f.facade.resume(id).done()
        f.events.next<RecordingSink.Output> { it.session == id && it.category == OutputCategory.STDOUT && it.text == "Total: 165\n" }
        assertEquals(0, f.events.next<RecordingSink.Exited> { it.session == id }.exitCode)
        f.events.next<RecordingSink.Terminated> { it.session == id }
        assertTrue(f.events.pending(PauseInfo::class.java).isEmpty(), "no other stop: ${f.events.pending(PauseInfo::class.java)}")
        assertTrue(f.facade.breakpoints(f.path).done().map { it.id }.containsAll(notEntered.map { it.id }), "the others stayed set")
        f.platform.assertClean()
    }
}
