// The plugin's collecting callbacks (Collectors.kt) over debuggers other than the scripted Python
// one: values that render through an XValuePresentation as the Java debugger's do, containers
// that answer with the other XCompositeNode calls, and stacks and suspend contexts that report
// errors. What the agent would read is asserted: the rendered text, the children, the error code.
package dev.jetbrainsdebugger.platformmodel.debugger

import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.intellij.Child
import dev.jetbrainsdebugger.intellij.ChildrenNode
import dev.jetbrainsdebugger.intellij.FramesCollector
import dev.jetbrainsdebugger.intellij.Presenter
import dev.jetbrainsdebugger.intellij.StacksCollector
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.debugger.frames.ChildrenAnswer
import dev.jetbrainsdebugger.platformmodel.debugger.frames.FailingSuspendContext
import dev.jetbrainsdebugger.platformmodel.debugger.frames.FailingValue
import dev.jetbrainsdebugger.platformmodel.debugger.frames.PresentationValue
import dev.jetbrainsdebugger.platformmodel.debugger.frames.Rendered
import dev.jetbrainsdebugger.platformmodel.debugger.frames.ScriptedContainer
import dev.jetbrainsdebugger.platformmodel.debugger.frames.UnavailableStack
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class CollectorsModelTest {
    private val platform = ModelPlatform.start(IdeConfig.INTELLIJ_IDEA, listOf(DebuggerArea()))

    @AfterEach
    fun close() = platform.close()

    private fun failure(future: CompletableFuture<*>): IdeError {
        val e = assertFailsWith<ExecutionException> { future.done() }
        return e.cause as? IdeError ?: throw AssertionError("not an IdeError", e)
    }

    @Test
    fun `values rendered through an XValuePresentation read as the IDE shows them, strings quoted and errors marked`() {
        val values = listOf(
            PresentationValue("java.lang.String", listOf(Rendered.Str("total: 42"))),
            PresentationValue("java.lang.String", listOf(Rendered.OldStr("legacy"))),
            PresentationValue("int", listOf(Rendered.Numeric("42"))),
            PresentationValue("boolean", listOf(Rendered.Keyword("true"))),
            PresentationValue("java.util.ArrayList", listOf(Rendered.Plain("size = 3"), Rendered.Comment("{ArrayList@17}")), hasChildren = true),
            PresentationValue("char[]", listOf(Rendered.Symbol("["), Rendered.Plain("a, b"), Rendered.Symbol("]"))),
            PresentationValue(null, listOf(Rendered.Error("Cannot evaluate: thread is not suspended"))),
        )
        val described = Presenter.describeAll(values, null).done()
        assertEquals(
            listOf("\"total: 42\"", "\"legacy\"", "42", "true", "size = 3 {ArrayList@17}", "[a, b]", "<error: Cannot evaluate: thread is not suspended>"),
            described.map { it.presented.value },
        )
        assertEquals(listOf("java.lang.String", "java.lang.String", "int", "boolean", "java.util.ArrayList", "char[]", null), described.map { it.presented.type })
        assertEquals(listOf(false, false, false, false, true, false, false), described.map { it.presented.hasChildren })
        assertTrue(described.none { it.presented.placeholder })
        platform.assertClean()
    }

    @Test
    fun `a value whose presentation code throws is an evaluation error, and the values beside it still read`() {
        val values = listOf(FailingValue(IllegalStateException("renderer crashed")), PresentationValue("int", listOf(Rendered.Numeric("7"))))
        val described = Presenter.describeAll(values, null).done()
        assertEquals("<error: renderer crashed>", described[0].presented.value)
        assertEquals("7", described[1].presented.value)
        platform.assertClean()
    }

    @Test
    fun `an old-style too-many-children answer ends the listing with what arrived and the count left out`() {
        val one = PresentationValue("int", listOf(Rendered.Numeric("1")))
        val container = ScriptedContainer(listOf(
            ChildrenAnswer.Message("Loading…"),
            ChildrenAnswer.Batch(listOf("a" to one, "b" to one), last = false),
            ChildrenAnswer.TooMany(98),
        ))
        val children = ChildrenNode.of(container, 100, 10_000, null).done()
        assertEquals(listOf("a", "b"), children.items.map { it.name })
        assertTrue(children.items.all { it is Child.Value })
        assertEquals(98, children.notLoaded)
        platform.assertClean()
    }

    @Test
    fun `informational rows are not children, and a container's error message is an evaluation error`() {
        val empty = ScriptedContainer(listOf(ChildrenAnswer.Message("No variables"), ChildrenAnswer.Batch(emptyList(), last = true)))
        val listed = ChildrenNode.of(empty, 100, 10_000, null).done()
        assertTrue(listed.items.isEmpty(), "${listed.items}")
        assertEquals(0, listed.notLoaded)

        val broken = ScriptedContainer(listOf(ChildrenAnswer.Error("Unable to evaluate: object has been collected")))
        val error = failure(ChildrenNode.of(broken, 100, 10_000, null))
        assertEquals("evaluation_failed", error.code)
        assertEquals("Unable to evaluate: object has been collected", error.message)
        platform.assertClean()
    }

    @Test
    fun `a thread whose frames are not available is frame_not_found with the debugger's message`() {
        val error = failure(FramesCollector.of(UnavailableStack("worker-1"), 50, 10_000, null))
        assertEquals("frame_not_found", error.code)
        assertEquals("Frames not available", error.message)
        platform.assertClean()
    }

    @Test
    fun `a suspend context that cannot list its threads is thread_not_found with the debugger's message`() {
        val error = failure(StacksCollector.of(FailingSuspendContext("VM disconnected"), 10_000, null))
        assertEquals("thread_not_found", error.code)
        assertEquals("VM disconnected", error.message)
        platform.assertClean()
    }
}
