// The plugin's data breakpoints in the IDE (FieldWatchpoints.kt, java/JavaFieldWatchpoints.kt and
// the pause attribution) over a modelled IntelliJ IDEA session of Till.java: a field named by
// expression or by its variable slot becomes a Java field watchpoint at the field's declaration,
// found through Java PSI in a read action; the program stops before each write of the field, and
// the agent is told which field. Locals and Python are not_supported; the session's end removes it.
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import org.jetbrains.java.debugger.breakpoints.properties.JavaFieldBreakpointProperties
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class FieldWatchpointModelTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null

    @AfterEach
    fun close() {
        fixture?.close()
    }

    private fun start(config: IdeConfig = IdeConfig.INTELLIJ_IDEA): DebuggerFixture {
        Files.writeString(dir.resolve("Till.java"), ScriptedProgram.forScript("Till.java")!!.source!!)
        return DebuggerFixture(dir, config).also { fixture = it }
    }

    private fun failure(future: CompletableFuture<*>): IdeError {
        val e = runCatching { future.done() }.exceptionOrNull() as? ExecutionException ?: throw AssertionError("did not fail")
        return e.cause as? IdeError ?: throw AssertionError("not an IdeError", e)
    }

    private fun DebuggerFixture.topFrame(session: String) = facade.stack(session, "t1", 1).done().frames.single()

    private fun DebuggerFixture.fieldWatchpoints() =
        breakpointManager.allBreakpoints.filter { it.type.id == "java-field" }.map { it as XLineBreakpoint<*> }

    @Test
    fun `a field named by expression is watched at its declaration and the program stops before each write`() {
        val f = start()
        f.lineBreakpoint("Till.java", 13)
        val (_, id) = f.launch("Till.java")
        f.events.next<PauseInfo> { it.session == id }
        val main = f.topFrame(id).frameRef

        val watch = f.facade.watch(id, main, ValueTarget.Expression("tab.total"), "tab.total").done()
        assertEquals(BreakpointKind.Data("tab.total"), watch.spec.kind)
        // Placed as the "Add Field Watchpoint" dialog places it: the declaring class and field, at the declaration's line.
        val placed = f.fieldWatchpoints().single()
        val properties = placed.properties as JavaFieldBreakpointProperties
        assertEquals(listOf("com.example.Tab", "total", "${f.file("Till.java")}:4"), listOf(properties.myClassName, properties.myFieldName, "${placed.fileUrl.removePrefix("file://")}:${placed.line + 1}"))
        assertTrue(properties.WATCH_MODIFICATION && !properties.WATCH_ACCESS, "writes only")
        assertEquals(listOf(watch), f.facade.breakpoints(f.path).done().filter { it.spec.kind is BreakpointKind.Data })

        f.facade.resume(id).done()
        val write = f.events.next<PauseInfo> { it.session == id }
        assertEquals(StopReason.BREAKPOINT, write.reason)
        assertEquals(listOf(watch.id), write.hitBreakpoints)
        assertTrue(write.description!!.startsWith("com.example.Tab.total is written on this line"), write.description)
        val add = f.topFrame(id)
        assertEquals(listOf("com.example.Tab", "add", 7), listOf(add.className, add.method, add.line))
        // Before the write: the field still holds its old value.
        assertEquals("0", f.facade.evaluate(id, add.frameRef, "this.total", dev.jetbrainsdebugger.ide.EvaluationKind.EXPRESSION).done().value)

        f.facade.resume(id).done()
        f.events.next<PauseInfo> { it.session == id && it.hitBreakpoints == listOf(watch.id) }
        assertEquals("50", f.facade.evaluate(id, f.topFrame(id).frameRef, "this.total", dev.jetbrainsdebugger.ide.EvaluationKind.EXPRESSION).done().value)

        // Removing the data breakpoint removes the watchpoint: the program runs to its end.
        assertTrue(f.facade.removeBreakpoint(f.path, watch.id).done())
        assertTrue(f.fieldWatchpoints().isEmpty())
        f.facade.resume(id).done()
        f.events.next<RecordingSink.Output> { it.session == id && it.category == OutputCategory.STDOUT && it.text == "Total: 150\n" }
        f.events.next<RecordingSink.Terminated> { it.session == id }
        assertTrue(f.events.pending(PauseInfo::class.java).isEmpty(), "no other stop: ${f.events.pending(PauseInfo::class.java)}")
        f.platform.assertClean()
    }

    @Test
    fun `a field named by its variable slot is watched until the session ends, and locals are not_supported`() {
        val f = start()
        f.lineBreakpoint("Till.java", 7)
        val (_, id) = f.launch("Till.java")
        f.events.next<PauseInfo> { it.session == id }
        val frame = f.topFrame(id).frameRef
        val self = f.facade.variables(id, frame, VariableScope.ALL).done().single { it.name == "this" }
        val total = f.facade.children(id, self.childrenRef!!).done().single { it.name == "total" }

        val local = failure(f.facade.watch(id, frame, ValueTarget.Expression("price"), "price"))
        assertEquals("not_supported", local.code)
        assertTrue("not local variables" in local.message!!, local.message)
        val missing = failure(f.facade.watch(id, frame, ValueTarget.Expression("this.count"), "this.count"))
        assertEquals("invalid_params", missing.code)
        assertTrue(f.fieldWatchpoints().isEmpty(), "a refused watch places nothing")

        val watch = f.facade.watch(id, frame, total.target!!, "this.total").done()
        assertEquals(BreakpointKind.Data("this.total"), watch.spec.kind)
        assertEquals("com.example.Tab", (f.fieldWatchpoints().single().properties as JavaFieldBreakpointProperties).myClassName)

        f.facade.stop(id).done()
        f.events.next<RecordingSink.Terminated> { it.session == id }
        f.events.next<RecordingSink.BreakpointRemoved> { it.id == watch.id }
        assertTrue(f.fieldWatchpoints().isEmpty(), "the session's end removed its watchpoint")
        assertEquals(1, f.facade.breakpoints(f.path).done().size, "the line breakpoint stays")
        f.platform.assertClean()
    }

    @Test
    fun `while the IDE indexes a field watch is not_supported and says so`() {
        val f = start()
        f.lineBreakpoint("Till.java", 13)
        val (_, id) = f.launch("Till.java")
        f.events.next<PauseInfo> { it.session == id }
        f.project.indexing.begin()
        val e = failure(f.facade.watch(id, f.topFrame(id).frameRef, ValueTarget.Expression("tab.total"), "tab.total"))
        assertEquals("not_supported", e.code, e.message)
        assertTrue("indexing" in e.message, e.message)
        assertTrue(f.fieldWatchpoints().isEmpty())
        f.project.indexing.end()
        f.platform.assertClean()
    }

    @Test
    fun `a Python session has no field watchpoints and says so`() {
        val f = start(IdeConfig.PYCHARM)
        f.lineBreakpoint("calculator.py", 31)
        val (_, id) = f.launch("calculator.py")
        f.events.next<PauseInfo> { it.session == id }
        val e = failure(f.facade.watch(id, f.topFrame(id).frameRef, ValueTarget.Expression("item.price"), "item.price"))
        assertEquals("not_supported", e.code)
        assertTrue("Java field watchpoints" in e.message!!, e.message)
        f.facade.stop(id).done()
        f.platform.assertClean()
    }
}
