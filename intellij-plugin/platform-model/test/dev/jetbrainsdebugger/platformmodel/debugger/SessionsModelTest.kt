// The plugin's session code (Sessions.kt, IntellijIdeFacade's execution control, PausedSession.kt and
// Collectors.kt) executed over modelled debug sessions of the scripted programs: pauses and their
// attribution, threads, frames, variables (placeholders first), batched children, setting values,
// evaluating, run to line, ignore-breakpoints steps, exception stops and a stop from the IDE.
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.xdebugger.XDebuggerManager
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.ide.ValueInfo
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebuggerManager
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.ExecutionException
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

class SessionsModelTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null

    private fun start() = DebuggerFixture(dir).also { fixture = it }

    @AfterEach
    fun close() {
        fixture?.close()
    }

    private fun DebuggerFixture.pause(session: String, test: (PauseInfo) -> Boolean = { true }) = events.next<PauseInfo> { it.session == session && test(it) }

    private fun DebuggerFixture.topFrame(session: String) = facade.stack(session, "t1", 10).done().frames.first()

    private fun DebuggerFixture.locals(session: String): Map<String, ValueInfo> =
        facade.variables(session, topFrame(session).frameRef, VariableScope.LOCAL).done().associateBy { it.name }

    private fun DebuggerFixture.output(session: String, text: String, category: OutputCategory = OutputCategory.STDOUT) =
        events.next<RecordingSink.Output> { it.session == session && it.category == category && it.text.contains(text) }

    @Test
    fun `a breakpoint stop shows the thread, the frames and the real values, and stepping over changes them`() {
        val f = start()
        val bp = f.lineBreakpoint("calculator.py", 31)
        val (_, id) = f.launch("calculator.py")

        val pause = f.pause(id)
        assertEquals(StopReason.BREAKPOINT, pause.reason)
        assertEquals(listOf(bp.id), pause.hitBreakpoints)
        assertEquals(listOf("MainThread"), f.facade.threads(id).done().map { it.name })

        val stack = f.facade.stack(id, "t1", 10).done()
        assertEquals(listOf("calculate_total" to 31, "main" to 39, "<module>" to 44), stack.frames.map { it.method to it.line })
        assertEquals(3, stack.total)
        assertTrue(stack.frames.all { it.file == f.file("calculator.py") && it.className == "calculator" && !it.isLibrary })

        val before = f.locals(id)
        assertEquals(listOf("items", "subtotal", "tax"), before.keys.toList())
        assertEquals("0.0", before.getValue("subtotal").value)
        assertEquals("float", before.getValue("subtotal").typeName)
        val items = before.getValue("items")
        assertEquals("list", items.typeName)
        val children = f.facade.children(id, assertNotNull(items.childrenRef)).done()
        assertEquals(listOf("0", "1", "2", "__len__"), children.map { it.name })
        assertEquals("Item('Gadget', 25.0, 2)", children[1].value)
        val gadget = f.facade.children(id, assertNotNull(children[1].childrenRef)).done().associate { it.name to it.value }
        assertEquals(mapOf("name" to "'Gadget'", "price" to "25.0", "quantity" to "2"), gadget)

        f.facade.step(id, "t1", StepKind.OVER, false).done()
        f.events.next<RecordingSink.Resumed> { it.session == id }
        val step = f.pause(id)
        assertEquals(StopReason.STEP, step.reason)
        assertEquals(32, f.topFrame(id).line)
        assertEquals("150.0", f.locals(id).getValue("subtotal").value)
        // A handle of the earlier stop has expired.
        assertEquals("variable_expired", (assertFailsWith<ExecutionException> { f.facade.children(id, items.childrenRef!!).done() }.cause as IdeError).code)

        f.facade.resume(id).done()
        f.output(id, "Total: 150.00\n")
        assertEquals(0, f.events.next<RecordingSink.Exited> { it.session == id }.exitCode)
        f.events.next<RecordingSink.Terminated> { it.session == id }
        f.platform.assertClean()
    }

    @Test
    fun `frames that present themselves asynchronously are named from their text form`() {
        val f = start()
        (XDebuggerManager.getInstance(f.project) as ModelDebuggerManager).framesPresentedAsynchronously = true
        f.lineBreakpoint("calculator.py", 31)
        val (_, id) = f.launch("calculator.py")
        assertEquals(StopReason.BREAKPOINT, f.pause(id).reason)
        val stack = f.facade.stack(id, "t1", 10).done()
        assertEquals(listOf("calculate_total" to 31, "main" to 39, "<module>" to 44), stack.frames.map { it.method to it.line })
        f.platform.assertClean()
    }

    @Test
    fun `a value shows Collecting data first, then its value from the debugger thread, never the EDT`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 32)
        val (session, id) = f.launch("calculator.py")
        f.pause(id)
        val frame = session.currentStackFrame!!
        val children = dev.jetbrainsdebugger.intellij.ChildrenNode.of(frame, 100, 10_000, null).done()
        val subtotal = children.items.filterIsInstance<dev.jetbrainsdebugger.intellij.Child.Value>().single { it.name == "subtotal" }.value

        val shown = java.util.concurrent.LinkedBlockingQueue<Pair<String, Boolean>>()
        val node = object : com.intellij.xdebugger.frame.XValueNode {
            override fun setPresentation(icon: javax.swing.Icon?, type: String?, value: String, hasChildren: Boolean) {
                shown += value to f.platform.app.isDispatchThread
            }
            override fun setPresentation(icon: javax.swing.Icon?, presentation: com.intellij.xdebugger.frame.presentation.XValuePresentation, hasChildren: Boolean) =
                throw AssertionError("PyDebugValue presents with the (type, value) form")
            override fun setFullValueEvaluator(fullValueEvaluator: com.intellij.xdebugger.frame.XFullValueEvaluator) {}
        }
        f.platform.app.onEdtAndWait { subtotal.computePresentation(node, com.intellij.xdebugger.frame.XValuePlace.TREE) }
        assertEquals("Collecting data\u2026" to true, shown.poll(20, java.util.concurrent.TimeUnit.SECONDS))
        assertEquals("150.0" to false, shown.poll(20, java.util.concurrent.TimeUnit.SECONDS))
        f.platform.assertClean()
    }

    @Test
    fun `evaluating expressions and code fragments, with Python's errors, and globals`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 32)
        val (_, id) = f.launch("calculator.py")
        f.pause(id)
        val frame = f.topFrame(id).frameRef

        val tax = f.facade.evaluate(id, frame, "subtotal * TAX_RATE", EvaluationKind.EXPRESSION).done()
        assertEquals("0.0" to "float", tax.value to tax.typeName)
        assertEquals("3", f.facade.evaluate(id, frame, "len(items)", EvaluationKind.EXPRESSION).done().value)
        assertEquals("'Gizmo'", f.facade.evaluate(id, frame, "items[2].name", EvaluationKind.EXPRESSION).done().value)

        val error = assertFailsWith<ExecutionException> { f.facade.evaluate(id, frame, "discount", EvaluationKind.EXPRESSION).done() }.cause as IdeError
        assertEquals("evaluation_failed", error.code)
        assertEquals("{NameError}name 'discount' is not defined", error.message)

        val fragment = f.facade.evaluate(id, frame, "rate = 0.08\ntax = subtotal * rate", EvaluationKind.CODE_FRAGMENT).done()
        assertEquals("None", fragment.value)
        assertEquals("12.0", f.locals(id).getValue("tax").value)

        val globals = f.facade.variables(id, frame, VariableScope.GLOBAL).done().associateBy { it.name }
        assertEquals("0", globals.getValue("'TAX_RATE'").value)
        f.platform.assertClean()
    }

    @Test
    fun `setting a value changes the program, by slot and by expression`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 32)
        val (_, id) = f.launch("calculator.py")
        f.pause(id)
        val frame = f.topFrame(id).frameRef
        val subtotal = f.locals(id).getValue("subtotal")

        val set = f.facade.setValue(id, frame, assertNotNull(subtotal.target), "200.0").done()
        assertEquals("200.0", set.value)
        val byExpression = f.facade.setValue(id, frame, ValueTarget.Expression("items[0].quantity"), "3").done()
        assertEquals("3", byExpression.value)
        val refused = assertFailsWith<ExecutionException> { f.facade.setValue(id, frame, subtotal.target!!, "undefined_name").done() }.cause as IdeError
        assertEquals("evaluation_failed", refused.code)

        f.facade.resume(id).done()
        f.output(id, "Total: 200.00")
        f.platform.assertClean()
    }

    @Test
    fun `stepping into, out of and over a return follows CPython's lines`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 31)
        val (_, id) = f.launch("calculator.py")
        f.pause(id)

        f.facade.step(id, "t1", StepKind.INTO, false).done()
        f.pause(id) { it.reason == StopReason.STEP }
        assertEquals("subtotal_of" to 25, f.topFrame(id).let { it.method to it.line })

        f.facade.step(id, "t1", StepKind.OUT, false).done()
        f.pause(id) { it.reason == StopReason.STEP }
        assertEquals("calculate_total" to 31, f.topFrame(id).let { it.method to it.line }, "back on the line of the call")
        assertEquals("0.0", f.locals(id).getValue("subtotal").value, "the assignment has not run yet")
        f.platform.assertClean()
    }

    @Test
    fun `a step over that stops at a breakpoint in a callee is the breakpoint's, and outer frames read their own variables`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 31)
        val inner = f.lineBreakpoint("calculator.py", 25)
        val (_, id) = f.launch("calculator.py")
        f.pause(id)

        f.facade.step(id, "t1", StepKind.OVER, false).done()
        val stop = f.pause(id) { it.reason != StopReason.STEP || it.hitBreakpoints.isNotEmpty() }
        assertEquals(StopReason.BREAKPOINT to listOf(inner.id), stop.reason to stop.hitBreakpoints)

        f.facade.step(id, "t1", StepKind.INTO, false).done()
        f.pause(id) { it.reason == StopReason.STEP }
        // Five frames, the generator expression's on top; they arrive in batches.
        val frames = f.facade.stack(id, "t1", 10).done().frames
        assertEquals(listOf("<genexpr>", "subtotal_of", "calculate_total", "main", "<module>"), frames.map { it.method })
        assertEquals("Item('Widget', 50.0, 1)", f.locals(id).getValue("item").value)
        f.facade.selectFrame(id, "t1", frames[3].frameRef).done()
        val main = f.facade.variables(id, frames[3].frameRef, VariableScope.LOCAL).done()
        assertEquals(listOf("items"), main.map { it.name })
        f.platform.assertClean()
    }

    @Test
    fun `run to line stops at the line, and a line without code is refused`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 29)
        val (_, id) = f.launch("calculator.py")
        f.pause(id)
        f.facade.runToLine(id, "t1", f.file("calculator.py"), 33, false).done()
        val pause = f.pause(id) { it.reason != StopReason.BREAKPOINT }
        assertEquals(StopReason.STEP to "run to line", pause.reason to pause.description)
        assertEquals(33, f.topFrame(id).line)

        val error = assertFailsWith<ExecutionException> { f.facade.runToLine(id, "t1", f.file("calculator.py"), 36, false).done() }.cause as IdeError
        assertEquals("invalid_location", error.code)
        f.platform.assertClean()
    }

    @Test
    fun `an ignore-breakpoints step passes breakpoints, and the plugin's muting is undone at the next stop`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 31)
        val inner = f.lineBreakpoint("calculator.py", 25)
        val (session, id) = f.launch("calculator.py")
        f.pause(id)

        // Step over a call with a breakpoint inside: XDebugSession.stepOver(ignoreBreakpoints = true).
        f.facade.step(id, "t1", StepKind.OVER, true).done()
        val over = f.pause(id) { it.reason == StopReason.STEP }
        assertEquals(32, f.topFrame(id).line)
        assertTrue(over.hitBreakpoints.isEmpty())

        // Step out with ignore_breakpoints: the plugin mutes the breakpoints itself, then unmutes them.
        f.facade.step(id, "t1", StepKind.OUT, true).done()
        f.pause(id) { it.reason == StopReason.STEP }
        assertEquals("main" to 39, f.topFrame(id).let { it.method to it.line })
        f.platform.app.flushEdt()
        assertFalse(session.areBreakpointsMuted(), "unmuted at the stop")
        assertTrue(f.facade.breakpoints(f.path).done().any { it.id == inner.id })
        f.platform.assertClean()
    }

    @Test
    fun `conditions, logpoints and temporary breakpoints behave as pydevd's`() {
        val f = start()
        f.lineBreakpoint("calculator.py", 16, condition = "price > 40")
        f.lineBreakpoint("calculator.py", 33, log = "tax={tax}", policy = dev.jetbrainsdebugger.ide.SuspendPolicy.NONE)
        val once = f.lineBreakpoint("calculator.py", 34, temporary = true)
        val (session, id) = f.launch("calculator.py")

        f.pause(id)
        assertEquals("'Widget'", f.locals(id).getValue("name").value)
        f.facade.resume(id).done()
        f.pause(id)
        assertEquals("'Gizmo'", f.locals(id).getValue("name").value, "Gadget (25.0) did not meet the condition")
        f.facade.resume(id).done()

        val stop = f.pause(id)
        assertEquals(listOf(once.id), stop.hitBreakpoints, "the logpoint's own stop was not reported")
        // The logpoint did not stop the agent: the plugin read its message at the stop its breakpoint made, gave it to the
        // agent as the session's output and to the user in the session's console, and resumed without reporting either.
        assertEquals(listOf("tax=0.0\n"), (session as ModelDebugSession).console.toList())
        assertEquals(listOf("tax=0.0\n"), f.events.pending(RecordingSink.Output::class.java).map { it.text }.filter { it.contains("tax=") })
        assertTrue(f.facade.breakpoints(f.path).done().any { it.id == once.id }, "kept while the session is stopped on it")
        f.facade.resume(id).done()
        assertEquals(once.id, f.events.next<RecordingSink.BreakpointRemoved>().id)
        f.events.next<RecordingSink.Exited> { it.session == id }
        f.platform.assertClean()
    }

    @Test
    fun `an uncaught exception stops at its raise with the exception, then ends the program`() {
        val f = start()
        val (_, id) = f.launch("order_error.py")
        val pause = f.pause(id)
        assertEquals(StopReason.EXCEPTION, pause.reason)
        assertEquals(ExceptionInfo("ValueError", "negative quantity: -1", null), pause.exception)
        assertEquals("parse_quantity" to 4, f.topFrame(id).let { it.method to it.line })
        f.facade.resume(id).done()
        f.output(id, "ValueError: negative quantity: -1", OutputCategory.STDERR)
        assertEquals(1, f.events.next<RecordingSink.Exited> { it.session == id }.exitCode)
        f.platform.assertClean()
    }

    @Test
    fun `a pause is attributed to the pause, a long list loads in batches, and a stop from the IDE ends the session`() {
        val f = start()
        val (session, id) = f.launch("ticker.py")
        f.facade.pause(id).done()
        val pause = f.pause(id)
        assertEquals(StopReason.PAUSE, pause.reason)

        // PyCharm pages a collection 100 children at a time; the plugin follows the continuations.
        val samples = f.facade.variables(id, f.topFrame(id).frameRef, VariableScope.ALL).done().single { it.name == "samples" }
        val loaded = f.facade.children(id, assertNotNull(samples.childrenRef)).done()
        assertEquals((0 until 250).map { it.toString() } + "__len__", loaded.map { it.name })
        assertEquals("249", loaded[249].value)

        f.platform.app.onEdtAndWait { (session as ModelDebugSession).stop() }
        f.events.next<RecordingSink.Terminated> { it.session == id }
        assertEquals(137, f.events.next<RecordingSink.Exited> { it.session == id }.exitCode)
        assertTrue(session.isStopped)
        f.platform.assertClean()
    }
}
