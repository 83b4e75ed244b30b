// The plugin's breakpoint code (Breakpoints.kt, ExceptionBreakpointSupport.kt, the Java support and
// BreakpointEventsListener) executed over the modelled XBreakpointManager: adding, listing and
// removing line, conditional, logpoint and exception breakpoints, what a user does in the IDE
// reaching the bridge (also from another thread, as the 2025 breakpoint manager allows), and the
// write-safe rule holding on the EDT.
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ViolationKind
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.JavaMethodBreakpointType
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.NoProperties
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

class BreakpointsModelTest {
    @TempDir lateinit var dir: Path
    private var fixture: DebuggerFixture? = null

    private fun start(config: IdeConfig = IdeConfig.PYCHARM) = DebuggerFixture(dir, config).also { fixture = it }

    @AfterEach
    fun close() {
        fixture?.close()
    }

    private fun failure(block: () -> Unit): IdeError {
        val e = assertFailsWith<ExecutionException> { block() }
        return e.cause as? IdeError ?: throw AssertionError("not an IdeError", e)
    }

    @Test
    fun `line, conditional and logpoint breakpoints are added, listed with what was asked, reported and removed`() {
        val f = start()
        val plain = f.lineBreakpoint("calculator.py", 31)
        val conditional = f.lineBreakpoint("calculator.py", 16, condition = "price > 40")
        val logpoint = f.lineBreakpoint("calculator.py", 32, log = "tax={tax}", policy = SuspendPolicy.NONE)

        assertEquals(BreakpointKind.Line(f.file("calculator.py"), 31), plain.spec.kind)
        val again = f.facade.addBreakpoint(f.path, BreakpointSpec(plain.spec.kind, true, null, null, SuspendPolicy.ALL, false)).done()
        assertEquals(plain.id to false, again.breakpoint.id to again.created, "a line's breakpoint is found, not made twice")
        assertEquals("price > 40", conditional.spec.condition)
        assertEquals("tax={tax}", logpoint.spec.logMessage)
        assertEquals(SuspendPolicy.NONE, logpoint.spec.suspendPolicy)
        // The IDE's breakpoint suspends on its thread with no log expression of its own: the plugin evaluates the
        // message (f"tax={tax}", the per-language rewrite) at each stop and resumes (Logpoints).
        val stored = f.breakpointManager.allBreakpoints.filterIsInstance<com.intellij.xdebugger.breakpoints.XLineBreakpoint<*>>().single { it.line == 31 }
        assertEquals(null, stored.logExpressionObject)
        assertEquals(com.intellij.xdebugger.breakpoints.SuspendPolicy.THREAD, stored.suspendPolicy)

        val listed = f.facade.breakpoints(f.path).done()
        // PyCharm's default "Any exception" breakpoint is enabled, so it is listed too.
        assertEquals(setOf(plain.id, conditional.id, logpoint.id), listed.filter { it.spec.kind is BreakpointKind.Line }.map { it.id }.toSet())
        assertEquals(BreakpointKind.Exception("BaseException", caught = false, uncaught = true), listed.single { it.spec.kind is BreakpointKind.Exception }.spec.kind)

        // Each add reached the sink through XBreakpointListener (plugin.xml's BreakpointEventsListener).
        for (id in listOf(plain.id, conditional.id, logpoint.id)) f.events.next<RecordingSink.BreakpointChanged> { it.breakpoint.id == id }

        assertTrue(f.facade.removeBreakpoint(f.path, conditional.id).done())
        assertEquals(conditional.id, f.events.next<RecordingSink.BreakpointRemoved>().id)
        assertFalse(f.facade.removeBreakpoint(f.path, conditional.id).done())
        assertEquals(2, f.breakpointManager.allBreakpoints.count { it is com.intellij.xdebugger.breakpoints.XLineBreakpoint<*> })
        f.platform.assertClean()
    }

    @Test
    fun `a line without code is refused, and so is a file no line type accepts`() {
        val f = start()
        assertEquals("invalid_location", failure { f.lineBreakpoint("calculator.py", 12) }.code) // blank
        assertEquals("invalid_location", failure { f.lineBreakpoint("calculator.py", 3) }.code) // inside the docstring
        Files.writeString(dir.resolve("notes.txt"), "text\n")
        assertEquals("invalid_location", failure { f.lineBreakpoint("notes.txt", 1) }.code)
        assertEquals("file_not_found", failure { f.lineBreakpoint("missing.py", 1) }.code)
        f.platform.assertClean()
    }

    @Test
    fun `a breakpoint a user adds and edits in the IDE reaches the bridge`() {
        val f = start()
        val file = f.platform.vfs.file(dir.resolve("calculator.py"))
        @Suppress("UNCHECKED_CAST")
        val type = XDebuggerUtil.getInstance().lineBreakpointTypes.single { it.id == "python-line" } as XLineBreakpointType<NoProperties>
        val bp = f.inWriteAction { f.breakpointManager.addLineBreakpoint(type, file.url, 32, null, false) }
        val added = f.events.next<RecordingSink.BreakpointChanged>().breakpoint
        assertEquals(BreakpointKind.Line(f.file("calculator.py"), 33), added.spec.kind)

        f.inWriteAction { bp.conditionExpression = XDebuggerUtil.getInstance().createExpression("total > 100", null, null, com.intellij.xdebugger.evaluation.EvaluationMode.EXPRESSION) }
        val changed = f.events.next<RecordingSink.BreakpointChanged>().breakpoint
        assertEquals(added.id, changed.id)
        assertEquals("total > 100", changed.spec.condition)

        f.inWriteAction { f.breakpointManager.removeBreakpoint(bp) }
        assertEquals(added.id, f.events.next<RecordingSink.BreakpointRemoved>().id)
        f.platform.assertClean()
    }

    @Test
    fun `the plugin's breakpoint calls work from a pooled thread`() {
        val f = start()
        val info = ApplicationManager.getApplication().executeOnPooledThread(Callable { f.lineBreakpoint("calculator.py", 33) }).get()
        assertEquals(BreakpointKind.Line(f.file("calculator.py"), 33), info.spec.kind)
        f.platform.assertClean()
    }

    @Test
    fun `breakpoints changed on another thread are reported from that thread, and an EDT change under any() is write-unsafe`() {
        val f = start()
        @Suppress("UNCHECKED_CAST")
        val type = XDebuggerUtil.getInstance().lineBreakpointTypes.single { it.id == "python-line" } as XLineBreakpointType<NoProperties>
        val url = f.platform.vfs.file(dir.resolve("calculator.py")).url

        // The 2025 manager takes its own lock: no write action, no EDT, and XBreakpointListener fires on the caller's thread.
        val pooled = ApplicationManager.getApplication()
        val added = pooled.executeOnPooledThread(Callable { f.breakpointManager.addLineBreakpoint(type, url, 30, null, false) }).get()
        val reported = f.events.next<RecordingSink.BreakpointChanged> { (it.breakpoint.spec.kind as? BreakpointKind.Line)?.line == 31 }
        pooled.executeOnPooledThread { f.breakpointManager.removeBreakpoint(added) }.get()
        assertEquals(reported.breakpoint.id, f.events.next<RecordingSink.BreakpointRemoved>().id)
        f.platform.assertClean()

        // On the EDT a change must come from a write-safe context.
        val done = CompletableFuture<Unit>()
        f.platform.app.invokeLater({
            f.breakpointManager.addLineBreakpoint(type, url, 29, null, false)
            done.complete(Unit)
        }, ModalityState.any())
        done.get(20, TimeUnit.SECONDS)
        assertEquals(listOf(ViolationKind.WRITE_UNSAFE_CONTEXT), f.platform.violations().map { it.kind })
    }

    @Test
    fun `Python exception breakpoints use the default any-exception breakpoint, and say what they cannot do`() {
        val f = start()
        val default = f.breakpointManager.allBreakpoints.single { f.breakpointManager.isDefaultBreakpoint(it) }
        val spec = BreakpointSpec(BreakpointKind.Exception("BaseException", false, true), true, null, null, SuspendPolicy.ALL, false)
        val (info, created) = f.facade.addBreakpoint(f.path, spec).done()
        assertFalse(created, "PyCharm's default is on, so listed: it was there already")
        assertEquals(BreakpointKind.Exception("BaseException", caught = false, uncaught = true), info.spec.kind)
        assertTrue(default.isEnabled)
        assertEquals(1, f.breakpointManager.allBreakpoints.size, "the default breakpoint is reused, not doubled")

        val specific = spec.copy(kind = BreakpointKind.Exception("ValueError", false, true))
        assertEquals("not_supported", failure { f.facade.addBreakpoint(f.path, specific).done() }.code)

        // Removing the default breakpoint switches it off; a disabled default is not listed.
        assertTrue(f.facade.removeBreakpoint(f.path, info.id).done())
        assertFalse(default.isEnabled)
        assertTrue(f.facade.breakpoints(f.path).done().isEmpty())
        f.platform.assertClean()
    }

    @Test
    fun `Java exception breakpoints set their properties, and Any exception is the disabled default breakpoint`() {
        val f = start(IdeConfig.INTELLIJ_IDEA)
        assertTrue(f.facade.breakpoints(f.path).done().isEmpty(), "the disabled default is not listed")
        val caught = BreakpointSpec(BreakpointKind.Exception("java.lang.IllegalStateException", true, false), true, null, null, SuspendPolicy.ALL, false)
        val added = f.facade.addBreakpoint(f.path, caught).done().breakpoint
        assertEquals(BreakpointKind.Exception("java.lang.IllegalStateException", caught = true, uncaught = false), added.spec.kind)
        assertNull(added.message)

        val (any, anyCreated) = f.facade.addBreakpoint(f.path, caught.copy(kind = BreakpointKind.Exception("*", false, true))).done()
        assertTrue(anyCreated, "the switched-off default was not listed: switched on, it is the agent's")
        assertEquals(BreakpointKind.Exception("*", caught = false, uncaught = true), any.spec.kind)
        val default = f.breakpointManager.allBreakpoints.single { f.breakpointManager.isDefaultBreakpoint(it) }
        assertTrue(default.isEnabled)
        assertEquals(setOf(added.id, any.id), f.facade.breakpoints(f.path).done().map { it.id }.toSet())
        f.platform.assertClean()
    }

    @Test
    fun `a Java method breakpoint is not listed as a line breakpoint`() {
        val f = start(IdeConfig.INTELLIJ_IDEA)
        Files.writeString(dir.resolve("Shop.java"), "class Shop {\n    int total() {\n        return 1;\n    }\n}\n")
        val file = f.platform.vfs.file(dir.resolve("Shop.java"))
        val methodType = XDebuggerUtil.getInstance().lineBreakpointTypes.filterIsInstance<JavaMethodBreakpointType>().single()
        f.inWriteAction { f.breakpointManager.addLineBreakpoint(methodType, file.url, 1, null, false) }
        // A method breakpoint is an XLineBreakpoint upstream (JavaMethodBreakpointType extends JavaLineBreakpointTypeBase),
        // but it stops on entry to the method, not at the line: the bridge cannot express it.
        assertTrue(f.facade.breakpoints(f.path).done().none { it.spec.kind is BreakpointKind.Line }, "${f.facade.breakpoints(f.path).done()}")
        f.platform.assertClean()
    }

    @Test
    fun `a Java method breakpoint is set by Class method, listed as a function breakpoint, and PyCharm has none`() {
        val f = start(IdeConfig.INTELLIJ_IDEA)
        val spec = BreakpointSpec(BreakpointKind.Function("com.example.Cart.total"), true, null, null, SuspendPolicy.ALL, false)
        val added = f.facade.addBreakpoint(f.path, spec).done().breakpoint
        assertEquals(BreakpointKind.Function("com.example.Cart.total"), added.spec.kind)
        // The IDE's "Java Method Breakpoints" kind: a class pattern and a method, stopping on entry only.
        val method = f.breakpointManager.allBreakpoints.single { it.type.id == "java-wildcard-method" }
        val properties = method.properties as org.jetbrains.java.debugger.breakpoints.properties.JavaMethodBreakpointProperties
        assertEquals(listOf("com.example.Cart", "total", true, false), listOf(properties.myClassPattern, properties.myMethodName, properties.WATCH_ENTRY, properties.WATCH_EXIT))
        assertEquals(listOf(added.id), f.facade.breakpoints(f.path).done().map { it.id })
        assertEquals("invalid_params", failure(f.facade.addBreakpoint(f.path, spec.copy(kind = BreakpointKind.Function("total")))).code)
        assertTrue(f.facade.removeBreakpoint(f.path, added.id).done())
        assertTrue(f.breakpointManager.allBreakpoints.none { it.type.id == "java-wildcard-method" })
        f.platform.assertClean()
    }

    private fun failure(future: java.util.concurrent.CompletableFuture<*>): dev.jetbrainsdebugger.ide.IdeError =
        kotlin.test.assertFailsWith<java.util.concurrent.ExecutionException> { future.done() }.cause as dev.jetbrainsdebugger.ide.IdeError

    @Test
    fun `a function breakpoint in PyCharm is not_supported naming the line breakpoint instead`() {
        val f = start()
        val spec = BreakpointSpec(BreakpointKind.Function("subtotal_of"), true, null, null, SuspendPolicy.ALL, false)
        val refused = failure(f.facade.addBreakpoint(f.path, spec))
        assertEquals("not_supported", refused.code)
        assertTrue("line breakpoint at the function's first line" in refused.message, refused.message)
        f.platform.assertClean()
    }
}
