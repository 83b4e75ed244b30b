package dev.jetbrainsdebugger.dispatch

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.bridge.Fields
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.RequestHandler
import dev.jetbrainsdebugger.bridge.RpcException
import dev.jetbrainsdebugger.bridge.WireFormatException
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.IdeFacade
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.ide.LaunchOverrides
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import java.util.concurrent.CompletableFuture

/**
 * The IDE side of the bridge's method table (protocol/README.md, "Methods"): every
 * server → IDE request is decoded here, checked (a missing or mistyped field is -32602
 * naming the field), handed to the IdeFacade, and its answer shaped exactly as in
 * protocol/messages/. Failures travel as the future's exception and are turned into
 * JSON-RPC errors by JsonRpcPeer: IdeError → -32000 with its code, anything else → -32603.
 * The other direction lives here too: [NotificationSink] turns IdeEventSink events into
 * the IDE → server notifications.
 */
class Dispatcher(private val facade: IdeFacade) : RequestHandler {
    private val methods: Map<String, (Fields) -> CompletableFuture<JsonElement>> = mapOf(
        "run_configurations/list" to { p ->
            facade.runConfigurations(p.string("project")).then { wrap("configurations" to it) }
        },
        "session/launch" to { p -> launch(p).then { Json.tree(it) } },
        "session/stop" to { p -> facade.stop(p.string("session")).then { JsonObject() } },
        "session/resume" to { p -> facade.resume(p.string("session")).then { JsonObject() } },
        "session/pause" to { p -> facade.pause(p.string("session")).then { JsonObject() } },
        "session/step" to { p ->
            facade.step(p.string("session"), p.string("thread_id"), p.decode<StepKind>("kind"), p.boolean("ignore_breakpoints"))
                .then { JsonObject() }
        },
        "session/run_to_line" to { p ->
            facade.runToLine(
                p.string("session"), p.string("thread_id"), p.string("file"), p.int("line", min = 1),
                p.boolean("ignore_breakpoints"),
            ).then { JsonObject() }
        },
        "session/threads" to { p -> facade.threads(p.string("session")).then { wrap("threads" to it) } },
        "session/stack" to { p ->
            facade.stack(p.string("session"), p.string("thread_id"), p.int("max", min = 1)).then { Json.tree(it) }
        },
        "frame/select" to { p ->
            facade.selectFrame(p.string("session"), p.string("thread_id"), p.string("frame_ref")).then { JsonObject() }
        },
        "frame/variables" to { p ->
            facade.variables(p.string("session"), p.string("frame_ref"), p.decode<VariableScope>("scope"))
                .then { wrap("variables" to it) }
        },
        "value/children" to { p ->
            facade.children(p.string("session"), p.string("children_ref")).then { wrap("children" to it) }
        },
        "value/set" to { p ->
            facade.setValue(p.string("session"), p.string("frame_ref"), p.decode<ValueTarget>("target"), p.string("value"))
                .then { Json.tree(it) }
        },
        "frame/evaluate" to { p ->
            facade.evaluate(p.string("session"), p.string("frame_ref"), p.string("expression"), p.decode<EvaluationKind>("kind"))
                .then { Json.tree(it) }
        },
        "breakpoints/list" to { p -> facade.breakpoints(p.string("project")).then { wrap("breakpoints" to it) } },
        "breakpoints/add" to { p ->
            facade.addBreakpoint(p.string("project"), p.decode<BreakpointSpec>("spec")).then { added ->
                Json.tree(added.breakpoint).asJsonObject.apply { addProperty("created", added.created) }
            }
        },
        "breakpoints/remove" to { p ->
            facade.removeBreakpoint(p.string("project"), p.string("id")).then { wrap("removed" to it) }
        },
        "breakpoints/watch" to { p ->
            facade.watch(p.string("session"), p.string("frame_ref"), p.decode<ValueTarget>("target"), p.string("name")).then { Json.tree(it) }
        },
        "ui/confirm" to { p ->
            facade.confirm(Json.decode(p.json, ConfirmRequest::class.java))
                .then { Json.obj("approved" to it.approved, "scope" to it.scope) }
        },
    )

    /** The methods answered here, for tests that check the table against protocol/messages/. */
    val methodNames: Set<String> get() = methods.keys

    override fun handle(method: String, params: JsonElement?): CompletableFuture<JsonElement> {
        val call = methods[method] ?: throw RpcException.methodNotFound(method)
        val fields = try {
            Fields.of(params)
        } catch (x: WireFormatException) {
            throw RpcException.invalidParams("invalid params: `params` must be an object")
        }
        return try {
            call(fields)
        } catch (x: WireFormatException) {
            // Params are decoded before the facade is called, so this is always about them.
            throw RpcException.invalidParams("invalid params: ${x.message}")
        }
    }

    /** A configuration by name, or one file (debugged only): exactly one of the two. */
    private fun launch(p: Fields): CompletableFuture<SessionInfo> {
        val project = p.string("project")
        val mode = p.decode<LaunchMode>("mode")
        val configuration = p.stringOrNull("configuration")
        val file = p.stringOrNull("file")
        val options = LaunchOptions(p.booleanOrNull("break_on_uncaught") ?: false, p.decodeOrNull<LaunchOverrides>("overrides") ?: LaunchOverrides())
        return when {
            configuration != null && file == null -> facade.launch(project, configuration, mode, options)
            file != null && configuration == null -> {
                if (mode != LaunchMode.DEBUG) throw WireFormatException("mode", "must be debug with `file`")
                facade.launchFile(project, file, options)
            }
            else -> throw WireFormatException(null, "exactly one of `configuration` and `file` is expected")
        }
    }

    private fun <T> CompletableFuture<T>.then(shape: (T) -> JsonElement): CompletableFuture<JsonElement> = thenApply(shape)

    private fun wrap(pair: Pair<String, Any?>): JsonElement = Json.obj(pair)
}

/**
 * IdeEventSink → IDE → server notifications (protocol/README.md, "Methods"). [send] gets
 * the method and params; BridgeClient decides whether the connection can take them.
 */
class NotificationSink(private val send: (method: String, params: JsonElement) -> Unit) : IdeEventSink {
    override fun sessionStarted(session: SessionInfo) = send("session/started", Json.tree(session))

    override fun processStarted(session: String, processId: Long) =
        send("session/process_started", Json.obj("session" to session, "process_id" to processId))

    override fun paused(pause: PauseInfo) = send("session/paused", Json.tree(pause))

    override fun resumed(session: String) = send("session/resumed", Json.obj("session" to session))

    override fun output(session: String, category: OutputCategory, text: String) =
        send("session/output", Json.obj("session" to session, "category" to category, "text" to text))

    override fun exited(session: String, exitCode: Int) =
        send("session/exited", Json.obj("session" to session, "exit_code" to exitCode))

    override fun terminated(session: String, error: String?) =
        send("session/terminated", Json.obj("session" to session, "error" to error))

    override fun breakpointChanged(project: String, breakpoint: BreakpointInfo) =
        send("breakpoint/changed", Json.obj("project" to project, "breakpoint" to breakpoint))

    override fun breakpointRemoved(project: String, id: String) =
        send("breakpoint/removed", Json.obj("project" to project, "id" to id))

    override fun projectOpened(project: ProjectInfo) = send("project/opened", Json.obj("project" to project))

    override fun projectClosed(project: ProjectInfo) = send("project/closed", Json.obj("project" to project))
}
