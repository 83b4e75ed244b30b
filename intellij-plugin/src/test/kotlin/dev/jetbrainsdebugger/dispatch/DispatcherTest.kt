// The Dispatcher's parameter checking (the examples in ProtocolExamplesTest only show
// well-formed requests): missing or mistyped fields, also nested ones, are -32602 naming
// the field, and the facade is not called; plus the wire shapes that are easy to get wrong.
package dev.jetbrainsdebugger.dispatch

import com.google.gson.JsonArray
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.ScriptedIde
import dev.jetbrainsdebugger.await
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.RpcCodes
import dev.jetbrainsdebugger.bridge.RpcException
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.FrameInfo
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.StopReason
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class DispatcherTest {
    private val ide = ScriptedIde().apply { answer = { Unit } }
    private val dispatcher = Dispatcher(ide)

    private fun invalid(method: String, params: Any?): String {
        val x = assertFailsWith<RpcException> { dispatcher.handle(method, Json.tree(params)) }
        assertEquals(RpcCodes.INVALID_PARAMS, x.code)
        assertTrue(ide.calls.isEmpty(), "the facade must not be called")
        return x.message!!
    }

    @Test
    fun a_missing_field_is_named() {
        assertEquals("invalid params: `thread_id` is missing", invalid("session/step", Json.obj("session" to "s1", "kind" to "over", "ignore_breakpoints" to false)))
    }

    @Test
    fun a_mistyped_field_is_named() {
        val m = invalid(
            "session/run_to_line",
            Json.obj("session" to "s1", "thread_id" to "t1", "file" to "/a.py", "line" to "12", "ignore_breakpoints" to false),
        )
        assertEquals("invalid params: `line` must be an integer", m)
        assertEquals(
            "invalid params: `line` must be at least 1",
            invalid("session/run_to_line", Json.obj("session" to "s1", "thread_id" to "t1", "file" to "/a.py", "line" to 0, "ignore_breakpoints" to false)),
        )
        assertEquals("invalid params: `session` must be a string", invalid("session/stop", Json.obj("session" to 17)))
    }

    @Test
    fun nested_fields_are_named_with_their_path() {
        val spec = Json.obj(
            "kind" to Json.obj("type" to "line", "file" to "/a.py", "line" to 1.5), "enabled" to true,
            "condition" to null, "log_message" to null, "suspend_policy" to "all", "temporary" to false,
        )
        assertEquals("invalid params: `spec.kind.line` must be an integer", invalid("breakpoints/add", Json.obj("project" to "/p", "spec" to spec)))
        spec.getAsJsonObject("kind").addProperty("type", "watch")
        assertEquals("invalid params: `spec.kind.type` must be one of line, exception, function, data", invalid("breakpoints/add", Json.obj("project" to "/p", "spec" to spec)))
        assertEquals(
            "invalid params: `target` must be {\"slot\":{\"container\",\"name\"}} or {\"expression\":\"...\"}",
            invalid("value/set", Json.obj("session" to "s", "frame_ref" to "f", "target" to JsonObject(), "value" to "1")),
        )
        assertEquals(
            "invalid params: `target.slot.container` is missing",
            invalid("value/set", Json.obj("session" to "s", "frame_ref" to "f", "target" to Json.obj("slot" to Json.obj("name" to "x")), "value" to "1")),
        )
    }

    @Test
    fun an_enum_outside_the_spec_lists_the_allowed_values() {
        assertEquals(
            "invalid params: `kind` must be one of over, into, force_into, out",
            invalid("session/step", Json.obj("session" to "s1", "thread_id" to "t1", "kind" to "sideways", "ignore_breakpoints" to false)),
        )
        assertEquals(
            "invalid params: `mode` must be one of debug, run",
            invalid("session/launch", Json.obj("project" to "/p", "configuration" to "App", "mode" to "profile")),
        )
    }

    @Test
    fun a_launch_names_a_configuration_or_a_file_and_a_file_is_only_debugged() {
        val exactlyOne = "invalid params: exactly one of `configuration` and `file` is expected"
        assertEquals(exactlyOne, invalid("session/launch", Json.obj("project" to "/p", "mode" to "debug")))
        assertEquals(
            exactlyOne,
            invalid("session/launch", Json.obj("project" to "/p", "configuration" to "App", "file" to "/p/a.py", "mode" to "debug")),
        )
        assertEquals(
            "invalid params: `mode` must be debug with `file`",
            invalid("session/launch", Json.obj("project" to "/p", "file" to "/p/a.py", "mode" to "run")),
        )
        assertEquals("invalid params: `file` must be a string", invalid("session/launch", Json.obj("project" to "/p", "file" to 7, "mode" to "debug")))
        dispatcher.handle("session/launch", Json.obj("project" to "/p", "file" to "/p/a.py", "mode" to "debug"))
        assertEquals("launchFile" to Json.obj("project" to "/p", "file" to "/p/a.py", "mode" to "debug"), ide.calls.single())
    }

    @Test
    fun params_must_be_an_object() {
        assertEquals("invalid params: `params` must be an object", invalid("session/stop", JsonArray()))
        assertEquals("invalid params: `params` must be an object", invalid("session/stop", null))
    }

    @Test
    fun unknown_methods_are_method_not_found() {
        val x = assertFailsWith<RpcException> { dispatcher.handle("session/teleport", JsonObject()) }
        assertEquals(RpcCodes.METHOD_NOT_FOUND, x.code)
    }

    @Test
    fun unit_results_are_empty_objects() {
        assertEquals(JsonObject(), dispatcher.handle("session/resume", Json.obj("session" to "s1")).await())
        assertEquals("resume" to Json.obj("session" to "s1"), ide.calls.single())
    }

    @Test
    fun wire_shapes_that_differ_from_the_model() {
        // FrameInfo.className is `class`; unavailable_reason and exception.uncaught are omitted when null.
        val frame = Json.tree(FrameInfo("f1", null, null, "Calc", "run", true)).asJsonObject
        assertEquals(setOf("frame_ref", "file", "line", "class", "method", "is_library"), frame.keySet())
        assertTrue(frame.get("file").isJsonNull)
        val rc = Json.tree(RunConfigurationInfo("A", "Python", "Py", false, true, true, null, null)).asJsonObject
        assertFalse(rc.has("unavailable_reason"))
        assertTrue(rc.get("folder").isJsonNull)
        val pause = Json.tree(PauseInfo("s1", null, StopReason.EXCEPTION, emptyList(), ExceptionInfo("E", "m", null), null)).asJsonObject
        assertEquals(Json.obj("type" to "E", "message" to "m"), pause.get("exception"))
        assertEquals("exception", pause.get("reason").asString)
        assertTrue(pause.get("thread_id").isJsonNull)
    }
}
