// The cross-language harness's fake IDE behaves as its header says (the Python test relies
// on it): driven through the real Dispatcher, a debug launch pauses at a breakpoint, steps
// emit resumed then paused, handles expire at resume, values can be read, evaluated, set,
// and every call is recorded.
package dev.jetbrainsdebugger.crosslang

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.await
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.RpcMessage
import dev.jetbrainsdebugger.dispatch.Dispatcher
import dev.jetbrainsdebugger.dispatch.NotificationSink
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.IdeError
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.ExecutionException
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlin.test.fail

class RecordingIdeTest {
    private val project = "/tmp/shop"
    private val ide = RecordingIde(project)
    private val dispatcher = Dispatcher(ide)
    private val events = LinkedBlockingQueue<Pair<String, JsonElement>>()

    init {
        ide.subscribe(NotificationSink { m, p -> events.add(m to p) })
    }

    @AfterEach
    fun close() = ide.close()

    private fun call(method: String, vararg params: Pair<String, Any?>): JsonElement = dispatcher.handle(method, Json.obj(*params)).await()

    private fun error(method: String, vararg params: Pair<String, Any?>): IdeError = try {
        call(method, *params)
        fail("expected $method to fail")
    } catch (e: ExecutionException) {
        assertIs<IdeError>(RpcMessage.unwrap(e))
    }

    private fun event(method: String): JsonObject {
        while (true) {
            val (m, p) = events.poll(2, TimeUnit.SECONDS) ?: fail("no $method event")
            if (m == method) return p.asJsonObject
        }
    }

    private fun lineBreakpoint(line: Int) = Json.obj(
        "kind" to Json.obj("type" to "line", "file" to "$project/app.py", "line" to line), "enabled" to true,
        "condition" to null, "log_message" to null, "suspend_policy" to "all", "temporary" to false,
    )

    @Test
    fun a_debug_session_from_breakpoint_to_end() {
        val configs = call("run_configurations/list", "project" to project).asJsonObject.getAsJsonArray("configurations")
        assertEquals(listOf(true, false), configs.map { it.asJsonObject.get("can_debug").asBoolean })
        val logpoint = lineBreakpoint(5).also { it.addProperty("suspend_policy", "none"); it.addProperty("log_message", "n={n}") }
        call("breakpoints/add", "project" to project, "spec" to logpoint) // never stops
        event("breakpoint/changed")
        val bp = call("breakpoints/add", "project" to project, "spec" to lineBreakpoint(12)).asJsonObject.get("id").asString
        assertEquals(bp, event("breakpoint/changed").getAsJsonObject("breakpoint").get("id").asString)

        val s = call("session/launch", "project" to project, "configuration" to "App", "mode" to "debug").asJsonObject.get("id").asString
        assertEquals(s, event("session/started").get("id").asString)
        val hit = event("session/paused")
        assertEquals("breakpoint", hit.get("reason").asString)
        assertEquals(bp, hit.getAsJsonArray("hit_breakpoints")[0].asString)

        val stack = call("session/stack", "session" to s, "thread_id" to "t1", "max" to 2).asJsonObject
        assertEquals(3, stack.get("total").asInt)
        val top = stack.getAsJsonArray("frames")[0].asJsonObject
        assertEquals(12, top.get("line").asInt)
        val frame = top.get("frame_ref").asString

        val vars = call("frame/variables", "session" to s, "frame_ref" to frame, "scope" to "local").asJsonObject.getAsJsonArray("variables")
        val items = vars.map { it.asJsonObject }.single { it.get("name").asString == "items" }
        val children = call("value/children", "session" to s, "children_ref" to items.get("children_ref").asString)
        assertEquals(3, children.asJsonObject.getAsJsonArray("children").size())
        assertEquals("0.0", call("frame/evaluate", "session" to s, "frame_ref" to frame, "expression" to "subtotal * TAX_RATE", "kind" to "expression").asJsonObject.get("value").asString)
        assertEquals("12.5", call("frame/evaluate", "session" to s, "frame_ref" to frame, "expression" to "(subtotal + 5) / 10", "kind" to "expression").asJsonObject.get("value").asString)
        assertEquals("4", call("frame/evaluate", "session" to s, "frame_ref" to frame, "expression" to "n * n", "kind" to "expression").asJsonObject.get("value").asString)
        assertEquals("42", call("frame/evaluate", "session" to s, "frame_ref" to frame, "expression" to "x = 2\nx * 21", "kind" to "code_fragment").asJsonObject.get("value").asString)
        assertEquals("evaluation_failed", error("frame/evaluate", "session" to s, "frame_ref" to frame, "expression" to "nope + 1", "kind" to "expression").code)
        val subtotal = vars.map { it.asJsonObject }.single { it.get("name").asString == "subtotal" }
        val set = call("value/set", "session" to s, "frame_ref" to frame, "target" to subtotal.get("target"), "value" to "99.5").asJsonObject
        assertEquals("99.5", set.get("value").asString)

        call("session/step", "session" to s, "thread_id" to "t1", "kind" to "over", "ignore_breakpoints" to false)
        event("session/resumed")
        assertEquals("step", event("session/paused").get("reason").asString)
        assertEquals("variable_expired", error("frame/variables", "session" to s, "frame_ref" to frame, "scope" to "local").code)
        assertEquals("thread_not_found", error("session/step", "session" to s, "thread_id" to "t9", "kind" to "out", "ignore_breakpoints" to true).code)

        call("session/resume", "session" to s) // wraps around to the breakpoint
        event("session/resumed")
        assertEquals("breakpoint", event("session/paused").get("reason").asString)
        call("breakpoints/remove", "project" to project, "id" to bp)
        call("session/resume", "session" to s) // no breakpoint left: the program ends
        assertEquals(0, event("session/exited").get("exit_code").asInt)
        event("session/terminated")
        assertEquals("session_not_found", error("session/stop", "session" to s).code)

        val methods = ide.calls().map { it.method }
        assertTrue(methods.containsAll(listOf("launch", "stack", "variables", "children", "evaluate", "setValue", "step", "resume")), methods.toString())
        assertEquals(Json.obj("session" to s, "threadId" to "t1", "kind" to "over", "ignoreBreakpoints" to false), ide.calls().first { it.method == "step" }.args)
        assertEquals("$project/app.py", top.get("file").asString)
    }

    @Test
    fun launch_errors_and_the_confirm_policy() {
        assertEquals("cannot_debug", error("session/launch", "project" to project, "configuration" to "npm build", "mode" to "debug").code)
        val missing = error("session/launch", "project" to project, "configuration" to "Nope", "mode" to "run")
        assertEquals(listOf("App", "npm build"), missing.details["available"])
        assertEquals("project_not_found", error("run_configurations/list", "project" to "/elsewhere").code)
        assertEquals("invalid_location", error("breakpoints/add", "project" to project, "spec" to lineBreakpoint(1).also {
            it.getAsJsonObject("kind").addProperty("file", "$project/README.md")
        }).code)
        val confirm = arrayOf("tool" to "set_variable", "title" to "Change?", "message" to "set x")
        assertEquals(Json.obj("approved" to true, "scope" to "once"), call("ui/confirm", *confirm))
        ide.decision = ConfirmDecision.ALLOW_SESSION
        assertEquals(Json.obj("approved" to true, "scope" to "session"), call("ui/confirm", *confirm))
        ide.decision = ConfirmDecision.DENY
        assertEquals(false, call("ui/confirm", *confirm).asJsonObject.get("approved").asBoolean)

        val run = call("session/launch", "project" to project, "configuration" to "npm build", "mode" to "run").asJsonObject.get("id").asString
        assertEquals("hello from npm build\n", event("session/output").get("text").asString)
        assertEquals(run, event("session/terminated").get("session").asString)
    }

    @Test
    fun a_file_launch_debugs_with_a_temporary_configuration_named_as_the_producers_name_it(@TempDir dir: Path) {
        val root = dir.toString().replace('\\', '/')
        listOf("calculator.py", "test_calculator.py", "README.md").forEach { Files.writeString(dir.resolve(it), "") }
        val files = RecordingIde(root)
        try {
            val launch = Dispatcher(files)
            fun start(file: String) = launch.handle("session/launch", Json.obj("project" to root, "file" to "$root/$file", "mode" to "debug"))
            assertEquals("calculator", start("calculator.py").await().asJsonObject.get("run_configuration").asString)
            val test = start("test_calculator.py").await().asJsonObject
            assertEquals("pytest in test_calculator.py", test.get("run_configuration").asString)
            assertEquals("debug", test.get("mode").asString)
            assertEquals(Json.obj("project" to root, "file" to "$root/calculator.py"), files.calls().first { it.method == "launchFile" }.args)
            for ((file, code) in listOf("README.md" to "cannot_debug", "gone.py" to "file_not_found")) {
                val x = assertFailsWith<ExecutionException> { start(file).await() }
                assertEquals(code, assertIs<IdeError>(RpcMessage.unwrap(x)).code, file)
            }
        } finally {
            files.close()
        }
    }
}
