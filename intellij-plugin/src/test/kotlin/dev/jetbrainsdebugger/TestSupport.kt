// Test doubles shared by the unit tests: a log that records, an in-JVM bridge "server"
// (a BridgeConnector whose transports the test drives by hand, so BridgeClient can be
// tested without a WebSocket), a scripted IdeFacade that records its calls with their
// wire-named arguments, and a polling helper for asynchronous outcomes.
package dev.jetbrainsdebugger

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import dev.jetbrainsdebugger.bridge.BridgeClient
import dev.jetbrainsdebugger.bridge.BridgeConnector
import dev.jetbrainsdebugger.bridge.BridgeLog
import dev.jetbrainsdebugger.bridge.ClientTiming
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.TextTransport
import dev.jetbrainsdebugger.bridge.TransportListener
import dev.jetbrainsdebugger.dispatch.Dispatcher
import dev.jetbrainsdebugger.dispatch.NotificationSink
import dev.jetbrainsdebugger.ide.AddedBreakpoint
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.IdeFacade
import dev.jetbrainsdebugger.ide.IdeInfo
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StackPage
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.ThreadInfo
import dev.jetbrainsdebugger.ide.ValueInfo
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.test.fail

class RecordingLog(private val echo: Boolean = System.getProperty("test.log.echo") != null) : BridgeLog {
    val lines = CopyOnWriteArrayList<String>()
    private fun add(level: String, message: String, t: Throwable?) {
        val line = "$level $message${if (t != null) " ($t)" else ""}"
        lines += line
        if (echo) System.err.println(line)
    }
    override fun info(message: String) = add("INFO", message, null)
    override fun warn(message: String, t: Throwable?) = add("WARN", message, t)
    override fun error(message: String, t: Throwable?) = add("ERROR", message, t)
    fun contains(part: String) = lines.any { part in it }
}

/**
 * A BridgeClient wired as BridgeRuntime wires it: the dispatcher answers the server over [ide],
 * and [ide]'s events go out as notifications.
 */
fun wiredClient(ide: IdeFacade, pluginVersion: String, log: BridgeLog, connector: BridgeConnector, timing: ClientTiming = ClientTiming()): BridgeClient =
    BridgeClient(ide, Dispatcher(ide), pluginVersion, log, connector, timing).also { ide.subscribe(NotificationSink(it::notifyServer)) }

/** Poll [condition] until it holds or [timeoutMs] passes. */
fun eventually(timeoutMs: Long = 5000, what: String = "condition", condition: () -> Boolean) {
    val deadline = System.currentTimeMillis() + timeoutMs
    while (System.currentTimeMillis() < deadline) {
        if (condition()) return
        Thread.sleep(5)
    }
    if (!condition()) fail("timed out after $timeoutMs ms waiting for $what")
}

fun <T> CompletableFuture<T>.await(seconds: Long = 5): T = get(seconds, TimeUnit.SECONDS)

/** The server side of the bridge, in memory: each connect() yields a [FakeConnection] the test drives. */
class FakeServer : BridgeConnector {
    val connections = LinkedBlockingQueue<FakeConnection>()
    val attempts = CopyOnWriteArrayList<Long>()
    /** When set, connect() fails with it (the binary is not listening). */
    @Volatile var refuse: Throwable? = null

    override fun connect(port: Int, token: String): CompletableFuture<TextTransport> {
        attempts += System.nanoTime()
        refuse?.let { return CompletableFuture.failedFuture(it) }
        val c = FakeConnection(port, token)
        connections.add(c)
        return CompletableFuture.completedFuture(c)
    }

    fun next(timeoutMs: Long = 5000): FakeConnection =
        connections.poll(timeoutMs, TimeUnit.MILLISECONDS) ?: fail("no connection within $timeoutMs ms")
}

class FakeConnection(val port: Int, val token: String) : TextTransport {
    val sent = LinkedBlockingQueue<String>()
    @Volatile var listener: TransportListener? = null
    @Volatile var closed = false
    @Volatile var closeReason: String? = null

    override fun start(listener: TransportListener) {
        this.listener = listener
    }

    override fun send(text: String) {
        if (!closed) sent.add(text)
    }

    override fun close(reason: String) = end(reason)

    /** The server (or the network) ends the connection. */
    fun end(reason: String) {
        synchronized(this) {
            if (closed) return
            closed = true
            closeReason = reason
        }
        listener?.onClosed(reason, null)
    }

    fun deliver(message: JsonElement) = listener!!.onMessage(Json.write(message))

    fun nextSent(timeoutMs: Long = 5000): JsonObject {
        val text = sent.poll(timeoutMs, TimeUnit.MILLISECONDS) ?: fail("nothing sent within $timeoutMs ms")
        return Json.parse(text).asJsonObject
    }

    fun noMoreSent(waitMs: Long = 100) {
        val text = sent.poll(waitMs, TimeUnit.MILLISECONDS)
        if (text != null) fail("unexpected message: $text")
    }

    fun respond(request: JsonObject, result: JsonElement) = deliver(Json.obj("jsonrpc" to "2.0", "id" to request.get("id"), "result" to result))

    fun respondError(request: JsonObject, code: Int, message: String, data: JsonElement? = null) {
        val error = Json.obj("code" to code, "message" to message)
        if (data != null) error.add("data", data)
        deliver(Json.obj("jsonrpc" to "2.0", "id" to request.get("id"), "error" to error))
    }

    /** Expect `hello` and accept it. */
    fun acceptHello(mcpUrl: String = "http://127.0.0.1:47823/mcp"): JsonObject {
        val hello = nextSent()
        if (hello.get("method")?.asString != "hello") fail("expected hello, got $hello")
        respond(hello, Json.obj("protocol_version" to 1, "server_version" to "0.1.0", "mcp_url" to mcpUrl))
        return hello
    }
}

/**
 * An IdeFacade whose answers the test sets in [answer] (a value, or a throwable to fail
 * with). Every call is recorded as (name, wire-named arguments).
 */
class ScriptedIde : IdeFacade {
    var info = IdeInfo("IntelliJ IDEA", "IC", "IC-252.1")
    var projectList: List<ProjectInfo> = emptyList()
    var sessionList: List<SessionInfo> = emptyList()
    var pauses: List<PauseInfo> = emptyList()
    val calls = CopyOnWriteArrayList<Pair<String, JsonObject>>()
    @Volatile var answer: () -> Any? = { fail("no answer scripted") }
    @Volatile var sink: IdeEventSink? = null

    private fun <T> call(name: String, vararg args: Pair<String, Any?>): CompletableFuture<T> {
        calls += name to Json.obj(*args)
        return try {
            @Suppress("UNCHECKED_CAST")
            when (val a = answer()) {
                is Throwable -> CompletableFuture.failedFuture(a)
                else -> CompletableFuture.completedFuture(a as T)
            }
        } catch (t: Throwable) {
            CompletableFuture.failedFuture(t)
        }
    }

    override fun ideInfo() = info
    override fun projects() = projectList
    override fun sessions() = sessionList
    override fun currentPauses() = pauses

    override fun runConfigurations(project: String) = call<List<RunConfigurationInfo>>("runConfigurations", "project" to project)
    override fun launch(project: String, configuration: String, mode: LaunchMode, options: LaunchOptions) =
        call<SessionInfo>("launch", "project" to project, "configuration" to configuration, "mode" to mode, *launchArgs(options))
    // A file launch always debugs: the wire's `mode` is recorded as what the call means.
    override fun launchFile(project: String, file: String, options: LaunchOptions) =
        call<SessionInfo>("launchFile", "project" to project, "file" to file, "mode" to LaunchMode.DEBUG, *launchArgs(options))
    override fun stop(session: String) = call<Unit>("stop", "session" to session)
    override fun resume(session: String) = call<Unit>("resume", "session" to session)
    override fun pause(session: String) = call<Unit>("pause", "session" to session)
    override fun step(session: String, threadId: String, kind: StepKind, ignoreBreakpoints: Boolean) =
        call<Unit>("step", "session" to session, "thread_id" to threadId, "kind" to kind, "ignore_breakpoints" to ignoreBreakpoints)
    override fun runToLine(session: String, threadId: String, file: String, line: Int, ignoreBreakpoints: Boolean) =
        call<Unit>(
            "runToLine", "session" to session, "thread_id" to threadId, "file" to file, "line" to line,
            "ignore_breakpoints" to ignoreBreakpoints,
        )
    override fun threads(session: String) = call<List<ThreadInfo>>("threads", "session" to session)
    override fun stack(session: String, threadId: String, max: Int) =
        call<StackPage>("stack", "session" to session, "thread_id" to threadId, "max" to max)
    override fun selectFrame(session: String, threadId: String, frameRef: String) =
        call<Unit>("selectFrame", "session" to session, "thread_id" to threadId, "frame_ref" to frameRef)
    override fun variables(session: String, frameRef: String, scope: VariableScope) =
        call<List<ValueInfo>>("variables", "session" to session, "frame_ref" to frameRef, "scope" to scope)
    override fun children(session: String, childrenRef: String) =
        call<List<ValueInfo>>("children", "session" to session, "children_ref" to childrenRef)
    override fun setValue(session: String, frameRef: String, target: ValueTarget, value: String) =
        call<ValueInfo>("setValue", "session" to session, "frame_ref" to frameRef, "target" to target, "value" to value)
    override fun evaluate(session: String, frameRef: String, expression: String, kind: EvaluationKind) =
        call<ValueInfo>("evaluate", "session" to session, "frame_ref" to frameRef, "expression" to expression, "kind" to kind)
    override fun breakpoints(project: String) = call<List<BreakpointInfo>>("breakpoints", "project" to project)
    override fun addBreakpoint(project: String, spec: BreakpointSpec) =
        call<AddedBreakpoint>("addBreakpoint", "project" to project, "spec" to spec)
    override fun watch(session: String, frameRef: String, target: ValueTarget, name: String) =
        call<BreakpointInfo>("watch", "session" to session, "frame_ref" to frameRef, "target" to target, "name" to name)
    override fun removeBreakpoint(project: String, id: String) = call<Boolean>("removeBreakpoint", "project" to project, "id" to id)
    override fun confirm(request: ConfirmRequest) = call<ConfirmDecision>("confirm", *confirmArgs(request))

    override fun subscribe(sink: IdeEventSink) {
        this.sink = sink
    }
}

/** A [ConfirmRequest] as the wire names its fields, the optional ones only when present. */
/** A launch's options as `session/launch` names them, each present only when the launch asked for it. */
fun launchArgs(options: LaunchOptions): Array<Pair<String, Any?>> {
    val o = options.overrides
    val overrides = Json.obj(*listOfNotNull(o.args?.let { "args" to it }, o.cwd?.let { "cwd" to it }, ("env" to o.env).takeIf { o.env.isNotEmpty() }).toTypedArray())
    return listOfNotNull(("break_on_uncaught" to true).takeIf { options.breakOnUncaught }, ("overrides" to overrides).takeIf { !o.isEmpty }).toTypedArray()
}

fun confirmArgs(request: ConfirmRequest): Array<Pair<String, Any?>> = listOfNotNull(
    "tool" to request.tool,
    "title" to request.title,
    "message" to request.message,
    request.project?.let { "project" to it },
    request.subject?.let { "subject" to it },
    request.sessionId?.let { "session_id" to it },
).toTypedArray()
