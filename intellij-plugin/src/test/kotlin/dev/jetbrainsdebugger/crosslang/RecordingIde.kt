// An IdeFacade for the cross-language test: no IntelliJ, no debugger, a small simulated
// program in one fake project, shaped like the tools' answers, and a record of
// every call (facade method + wire-named arguments). It proves the wire and the dispatch
// between the real Rust binary and the plugin's bridge code, not the IntelliJ calls.
//
// Recorded arguments are named as the IdeFacade's Kotlin parameters (`threadId`,
// `ignoreBreakpoints`...) with wire-form values (enums by wire name, BreakpointSpec and
// ValueTarget as on the wire); confirm's ConfirmRequest is recorded flattened
// (tool, title, message).
//
// The simulated world: project <path> with run configurations "App" (Python, debuggable,
// running the project's first top-level .py file, else app.py) and "npm build" (run only). Sessions are s17, s18, ...; threads t1 MainThread and
// t2 worker-1. A debug launch emits session/started and session/process_started and, when
// an enabled line breakpoint exists, pauses there (reason breakpoint); otherwise it runs
// until paused or stopped. A run launch prints a line, exits 0 and terminates. A file launch
// debugs an existing file of the project with a temporary configuration, as PyCharm's
// producers name it: a test_*.py file "pytest in <file>", another .py file "<file without
// .py>"; any other file is cannot_debug, a missing one file_not_found. Resume
// emits session/resumed, then a pause at the next line breakpoint (reason breakpoint), or,
// with none, the program's end (session/exited 0, session/terminated). Step and
// run_to_line emit session/resumed, then session/paused (reason step) a few ms later on
// another thread. Logpoints (suspend policy none) never stop. The top frame is
// compute_total in the file of the last stop (breakpoint or run_to_line target). Frames
// are f<stop>.<index>, value handles h<stop>.<n>; both expire at the next resume
// (variable_expired). Variables: subtotal = 120.0 (float), items (a list of two Items
// plus len()), TAX_RATE = 0 (int, global), n = 2 (argument). evaluate understands numbers,
// variable names and + - * / ( ) with Python's int/float rules (`subtotal * TAX_RATE` is
// 0.0); code fragments may assign (`x = 2`) line by line and answer the last line.
package dev.jetbrainsdebugger.crosslang

import com.google.gson.JsonObject
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.ide.AddedBreakpoint
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.confirmArgs
import dev.jetbrainsdebugger.ide.ConfirmDecision
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.IdeFacade
import dev.jetbrainsdebugger.ide.IdeInfo
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.launchArgs
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StackPage
import dev.jetbrainsdebugger.ide.FrameInfo
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.ide.ThreadInfo
import dev.jetbrainsdebugger.ide.ValueInfo
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

class RecordingIde(private val projectPath: String) : IdeFacade {
    data class Call(val method: String, val args: JsonObject)

    /** Answer of ui/confirm; `confirm deny|approve|session` in CrossLanguageMain sets it. */
    @Volatile var decision = ConfirmDecision.ALLOW_ONCE

    private val recorded = CopyOnWriteArrayList<Call>()
    fun calls(): List<Call> = recorded.toList()
    fun clearCalls() = recorded.clear()

    private val projectName = projectPath.trimEnd('/').substringAfterLast('/')
    /** The program "App" runs: the project's first top-level .py file, else app.py. */
    private val mainFile: String = java.io.File(projectPath).listFiles { f -> f.isFile && f.name.endsWith(".py") }
        ?.map { it.name }?.sorted()?.firstOrNull().let { "$projectPath/${it ?: "app.py"}" }
    private val threads = listOf(ThreadInfo("t1", "MainThread"), ThreadInfo("t2", "worker-1"))
    private val events = Executors.newSingleThreadScheduledExecutor { r -> Thread(r, "recording-ide events").apply { isDaemon = true } }
    @Volatile private var sink: IdeEventSink? = null

    private class Session(val info: SessionInfo) {
        var paused: PauseInfo? = null
        /** Bumped at every resume: handles of older stops are expired. */
        var stop = 0
        var line = 1
        var file = ""
        val values = linkedMapOf("subtotal" to "120.0", "TAX_RATE" to "0", "n" to "2")
    }

    private val lock = Any()
    private val sessions = LinkedHashMap<String, Session>()
    private val breakpoints = LinkedHashMap<String, BreakpointInfo>()
    private var nextSession = 17
    private var nextBreakpoint = 1

    private fun record(method: String, vararg args: Pair<String, Any?>) {
        recorded += Call(method, Json.obj(*args))
    }

    /** Run [body] now; an IdeError (or any failure) completes the future exceptionally, as the real facade does. */
    private fun <T> answer(body: () -> T): CompletableFuture<T> = try {
        CompletableFuture.completedFuture(synchronized(lock) { body() })
    } catch (t: Throwable) {
        CompletableFuture.failedFuture(t)
    }

    /** Emit events a few ms later on another thread, like the IDE's listeners do. */
    private fun later(delayMs: Long = 10, emit: (IdeEventSink) -> Unit) {
        events.schedule({ sink?.let(emit) }, delayMs, TimeUnit.MILLISECONDS)
    }

    // ---- handshake data --------------------------------------------------------------------

    override fun ideInfo(): IdeInfo {
        record("ideInfo")
        return IdeInfo("Recording IDE (cross-language harness)", "RI", "RI-1.0")
    }

    override fun projects(): List<ProjectInfo> {
        record("projects")
        return listOf(ProjectInfo(projectName, projectPath))
    }

    override fun sessions(): List<SessionInfo> {
        record("sessions")
        return synchronized(lock) { sessions.values.map { it.info } }
    }

    override fun currentPauses(): List<PauseInfo> {
        record("currentPauses")
        return synchronized(lock) { sessions.values.mapNotNull { it.paused } }
    }

    override fun subscribe(sink: IdeEventSink) {
        record("subscribe")
        this.sink = sink
    }

    // ---- run configurations and sessions ----------------------------------------------------

    private val configurations = listOf(
        RunConfigurationInfo("App", "Python", "PythonConfigurationType", false, true, true, null, mainFile.substringAfterLast('/')),
        RunConfigurationInfo(
            "npm build", "npm", "js.build_tools.npm", false, true, false, "Build", null,
            "no debugger runner accepts this configuration",
        ),
    )

    private fun checkProject(project: String) {
        if (project.trimEnd('/') != projectPath.trimEnd('/')) throw IdeError("project_not_found", "no open project at $project")
    }

    override fun runConfigurations(project: String) = answer {
        record("runConfigurations", "project" to project)
        checkProject(project)
        configurations
    }

    override fun launch(project: String, configuration: String, mode: LaunchMode, options: LaunchOptions) = answer {
        record("launch", "project" to project, "configuration" to configuration, "mode" to mode, *launchArgs(options))
        checkProject(project)
        val config = configurations.firstOrNull { it.name == configuration } ?: throw IdeError(
            "configuration_not_found", "no run configuration named '$configuration'",
            mapOf("available" to configurations.map { it.name }),
        )
        if (mode == LaunchMode.DEBUG && !config.canDebug) {
            throw IdeError("cannot_debug", "Run configuration '$configuration' cannot be debugged: ${config.unavailableReason}")
        }
        startLocked(config.name, mode, if (config.type == "Python") "python" else null, mainFile)
    }

    override fun launchFile(project: String, file: String, options: LaunchOptions) = answer {
        record("launchFile", "project" to project, "file" to file, *launchArgs(options))
        checkProject(project)
        val path = java.io.File(file)
        if (!path.isFile) throw IdeError("file_not_found", "no such file: $file")
        val configuration = when {
            path.name.startsWith("test_") && path.name.endsWith(".py") -> "pytest in ${path.name}"
            path.name.endsWith(".py") -> path.name.removeSuffix(".py")
            else -> throw IdeError("cannot_debug", "no run configuration type of this IDE can debug $file")
        }
        startLocked(configuration, LaunchMode.DEBUG, "python", file)
    }

    /** A new session of [configuration] running [file]: started, with a process, then paused or ended as the mode says. */
    private fun startLocked(configuration: String, mode: LaunchMode, language: String?, file: String): SessionInfo {
        val id = "s${nextSession++}"
        val info = SessionInfo(id, configuration, configuration, mode, projectPath, null, language)
        val session = Session(info).also { it.file = file }
        sessions[id] = session
        val pid = 40_000L + nextSession
        later { it.sessionStarted(info) }
        later { it.processStarted(id, pid) }
        if (mode == LaunchMode.RUN) {
            later(20) { it.output(id, OutputCategory.STDOUT, "hello from $configuration\n") }
            endLocked(session, 30)
        } else {
            nextBreakpointLine(session)?.let { bp -> pauseLocked(session, StopReason.BREAKPOINT, bp, 20) }
        }
        return info
    }

    override fun stop(session: String): CompletableFuture<Unit> = answer {
        record("stop", "session" to session)
        endLocked(session(session), 10)
    }

    private fun endLocked(s: Session, delayMs: Long) {
        s.paused = null
        s.stop++
        sessions.remove(s.info.id)
        later(delayMs) {
            it.exited(s.info.id, 0)
            it.terminated(s.info.id, null)
        }
    }

    private fun session(id: String): Session = sessions[id] ?: throw IdeError("session_not_found", "no debug session $id")

    private fun paused(id: String): Session {
        val s = session(id)
        if (s.info.mode == LaunchMode.RUN) throw IdeError("not_supported", "session $id was started without the debugger")
        if (s.paused == null) throw IdeError("not_paused", "session $id is running")
        return s
    }

    private fun thread(s: Session, threadId: String) {
        if (threads.none { it.id == threadId }) throw IdeError("thread_not_found", "no thread $threadId in session ${s.info.id}")
    }

    /** Resume now (handles expire, session/resumed follows). */
    private fun resumeLocked(s: Session) {
        s.paused = null
        s.stop++
        later(5) { it.resumed(s.info.id) }
    }

    private fun pauseLocked(s: Session, reason: StopReason, bp: BreakpointInfo?, delayMs: Long) {
        if (bp != null) {
            val at = bp.spec.kind as BreakpointKind.Line
            s.line = at.line
            s.file = at.file
            breakpoints[bp.id] = bp.copy(hitCount = bp.hitCount + 1, verified = true)
        }
        val pause = PauseInfo(s.info.id, "t1", reason, listOfNotNull(bp?.id), null, null)
        s.paused = pause
        later(delayMs) { it.paused(pause) }
    }

    /** The enabled line breakpoint after the current line (wrapping around), if any. */
    private fun nextBreakpointLine(s: Session): BreakpointInfo? {
        val lines = breakpoints.values
            .filter { it.spec.enabled && it.spec.kind is BreakpointKind.Line && it.spec.suspendPolicy != SuspendPolicy.NONE }
            .sortedBy { (it.spec.kind as BreakpointKind.Line).line }
        return lines.firstOrNull { (it.spec.kind as BreakpointKind.Line).line > s.line } ?: lines.firstOrNull()
    }

    override fun resume(session: String): CompletableFuture<Unit> = answer {
        record("resume", "session" to session)
        val s = paused(session)
        resumeLocked(s)
        val bp = nextBreakpointLine(s)
        if (bp != null) pauseLocked(s, StopReason.BREAKPOINT, bp, 20) else endLocked(s, 20)
    }

    override fun pause(session: String): CompletableFuture<Unit> = answer {
        record("pause", "session" to session)
        val s = session(session)
        if (s.paused == null) pauseLocked(s, StopReason.PAUSE, null, 10)
    }

    override fun step(session: String, threadId: String, kind: StepKind, ignoreBreakpoints: Boolean): CompletableFuture<Unit> = answer {
        record("step", "session" to session, "threadId" to threadId, "kind" to kind, "ignoreBreakpoints" to ignoreBreakpoints)
        val s = paused(session)
        thread(s, threadId)
        resumeLocked(s)
        s.line += if (kind == StepKind.OUT) 5 else 1
        pauseLocked(s, StopReason.STEP, null, 20)
    }

    override fun runToLine(session: String, threadId: String, file: String, line: Int, ignoreBreakpoints: Boolean): CompletableFuture<Unit> = answer {
        record(
            "runToLine", "session" to session, "threadId" to threadId, "file" to file, "line" to line,
            "ignoreBreakpoints" to ignoreBreakpoints,
        )
        val s = paused(session)
        thread(s, threadId)
        if (!file.startsWith("$projectPath/") || !file.endsWith(".py")) {
            throw IdeError("invalid_location", "${file.substringAfterLast('/')}:$line has no executable code")
        }
        resumeLocked(s)
        s.line = line
        s.file = file
        pauseLocked(s, StopReason.STEP, null, 20)
    }

    override fun threads(session: String) = answer {
        record("threads", "session" to session)
        session(session)
        threads
    }

    // ---- frames and values -------------------------------------------------------------------

    override fun stack(session: String, threadId: String, max: Int) = answer {
        record("stack", "session" to session, "threadId" to threadId, "max" to max)
        val s = paused(session)
        thread(s, threadId)
        val frames = listOf(
            FrameInfo("f${s.stop}.0", s.file, s.line, module(s.file), "compute_total", false),
            FrameInfo("f${s.stop}.1", mainFile, 39, module(mainFile), "main", false),
            FrameInfo("f${s.stop}.2", "/usr/lib/python3.11/runpy.py", 88, "runpy", "_run_code", true),
        )
        StackPage(frames.take(max), frames.size)
    }

    private fun module(file: String) = file.substringAfterLast('/').removeSuffix(".py")

    private fun frame(s: Session, frameRef: String): Int {
        val m = Regex("f(\\d+)\\.(\\d+)").matchEntire(frameRef) ?: throw IdeError("frame_not_found", "no frame $frameRef")
        if (m.groupValues[1].toInt() != s.stop) throw IdeError("variable_expired", "frame $frameRef belongs to an earlier stop")
        val index = m.groupValues[2].toInt()
        if (index > 2) throw IdeError("frame_not_found", "no frame $frameRef")
        return index
    }

    override fun selectFrame(session: String, threadId: String, frameRef: String): CompletableFuture<Unit> = answer {
        record("selectFrame", "session" to session, "threadId" to threadId, "frameRef" to frameRef)
        val s = paused(session)
        thread(s, threadId)
        frame(s, frameRef)
    }

    private fun handle(s: Session, n: Int) = "h${s.stop}.$n"

    private fun value(s: Session, name: String): ValueInfo = when (name) {
        "items" -> ValueInfo("items", "[Item(...), Item(...)]", "list", handle(s, 2), ValueTarget.Slot(handle(s, 2), "items"), "items")
        else -> {
            val v = s.values[name] ?: throw IdeError("evaluation_failed", "name '$name' is not defined")
            ValueInfo(name, v, typeOf(v), null, ValueTarget.Slot(handle(s, name.hashCode() and 0xffff), name), name)
        }
    }

    private fun typeOf(v: String) = if (v.toLongOrNull() != null) "int" else if (v.toDoubleOrNull() != null) "float" else "str"

    override fun variables(session: String, frameRef: String, scope: VariableScope) = answer {
        record("variables", "session" to session, "frameRef" to frameRef, "scope" to scope)
        val s = paused(session)
        frame(s, frameRef)
        when (scope) {
            VariableScope.LOCAL -> listOf(value(s, "subtotal"), value(s, "items"))
            VariableScope.ARGUMENTS -> listOf(value(s, "n"))
            VariableScope.THIS -> emptyList()
            VariableScope.GLOBAL -> listOf(value(s, "TAX_RATE"))
            VariableScope.ALL -> listOf(value(s, "n"), value(s, "subtotal"), value(s, "items"), value(s, "TAX_RATE"))
        }
    }

    override fun children(session: String, childrenRef: String) = answer {
        record("children", "session" to session, "childrenRef" to childrenRef)
        val s = paused(session)
        when (childrenRef) {
            handle(s, 2) -> listOf(
                ValueInfo("0", "Item(name='pen', price=1.5)", "Item", handle(s, 3), ValueTarget.Slot(handle(s, 3), "0"), "items[0]"),
                ValueInfo("1", "Item(name='ink', price=118.5)", "Item", handle(s, 4), ValueTarget.Slot(handle(s, 4), "1"), "items[1]"),
                ValueInfo("len()", "2", "int", null, null, null),
            )
            handle(s, 3), handle(s, 4) -> {
                val (name, price) = if (childrenRef == handle(s, 3)) "'pen'" to "1.5" else "'ink'" to "118.5"
                val i = if (childrenRef == handle(s, 3)) 0 else 1
                listOf(
                    ValueInfo("name", name, "str", null, ValueTarget.Expression("items[$i].name"), "items[$i].name"),
                    ValueInfo("price", price, "float", null, ValueTarget.Expression("items[$i].price"), "items[$i].price"),
                )
            }
            else -> throw IdeError("variable_expired", "value handle $childrenRef is not valid at this stop")
        }
    }

    override fun setValue(session: String, frameRef: String, target: ValueTarget, value: String) = answer {
        record("setValue", "session" to session, "frameRef" to frameRef, "target" to target, "value" to value)
        val s = paused(session)
        frame(s, frameRef)
        val name = when (target) {
            is ValueTarget.Slot -> {
                if (!target.container.startsWith("h${s.stop}.")) throw IdeError("variable_expired", "value handle ${target.container} is not valid at this stop")
                target.name
            }
            is ValueTarget.Expression -> target.expression
        }
        if (name == "len()" || name == "items") throw IdeError("read_only_variable", "$name cannot be modified")
        if (name !in s.values) throw IdeError("evaluation_failed", "name '$name' is not defined")
        val newValue = try {
            format(Expr(value.trim(), s.values).parse())
        } catch (e: IllegalArgumentException) {
            throw IdeError("evaluation_failed", "cannot set $name to '$value': ${e.message}")
        }
        s.values[name] = newValue
        val reread = value(s, name)
        if (target is ValueTarget.Expression) reread.copy(target = target) else reread
    }

    override fun evaluate(session: String, frameRef: String, expression: String, kind: EvaluationKind) = answer {
        record("evaluate", "session" to session, "frameRef" to frameRef, "expression" to expression, "kind" to kind)
        val s = paused(session)
        frame(s, frameRef)
        try {
            if (kind == EvaluationKind.EXPRESSION) {
                val v = format(Expr(expression.trim(), s.values).parse())
                ValueInfo(expression, v, typeOf(v), null, s.values[expression.trim()]?.let { ValueTarget.Expression(expression.trim()) }, expression)
            } else {
                val scope = HashMap(s.values)
                var last = "None"
                for (line in expression.lines().map { it.trim() }.filter { it.isNotEmpty() }) {
                    val assign = Regex("([A-Za-z_]\\w*)\\s*=(?!=)\\s*(.+)").matchEntire(line)
                    last = if (assign != null) {
                        scope[assign.groupValues[1]] = format(Expr(assign.groupValues[2], scope).parse())
                        "None"
                    } else {
                        format(Expr(line, scope).parse())
                    }
                }
                ValueInfo("result", last, if (last == "None") "NoneType" else typeOf(last), null, null, null)
            }
        } catch (e: IllegalArgumentException) {
            throw IdeError("evaluation_failed", e.message ?: "cannot evaluate")
        }
    }

    /** A Python number: ints stay ints until a float or a division gets involved. */
    private data class Num(val value: Double, val isFloat: Boolean)

    /** Python's repr: `3`, `0.0`, `19.900000000000002`. */
    private fun format(n: Num): String = when {
        !n.isFloat -> n.value.toLong().toString()
        n.value == Math.floor(n.value) && Math.abs(n.value) < 1e16 -> "${n.value.toLong()}.0"
        else -> n.value.toString()
    }

    /** Numbers, variable names, + - * / and parentheses; an unknown name fails as Python would say it. */
    private class Expr(private val text: String, private val vars: Map<String, String>) {
        private var i = 0
        fun parse(): Num {
            val v = sum()
            skip()
            if (i < text.length) throw IllegalArgumentException("invalid syntax at '${text.substring(i)}'")
            return v
        }
        private fun skip() {
            while (i < text.length && text[i].isWhitespace()) i++
        }
        private fun sum(): Num {
            var v = product()
            while (true) {
                skip()
                when (text.getOrNull(i)) {
                    '+' -> { i++; val r = product(); v = Num(v.value + r.value, v.isFloat || r.isFloat) }
                    '-' -> { i++; val r = product(); v = Num(v.value - r.value, v.isFloat || r.isFloat) }
                    else -> return v
                }
            }
        }
        private fun product(): Num {
            var v = atom()
            while (true) {
                skip()
                when (text.getOrNull(i)) {
                    '*' -> { i++; val r = atom(); v = Num(v.value * r.value, v.isFloat || r.isFloat) }
                    '/' -> {
                        i++
                        val d = atom()
                        if (d.value == 0.0) throw IllegalArgumentException("division by zero")
                        v = Num(v.value / d.value, true)
                    }
                    else -> return v
                }
            }
        }
        private fun number(literal: String): Num? =
            literal.toLongOrNull()?.let { Num(it.toDouble(), false) } ?: literal.toDoubleOrNull()?.let { Num(it, true) }
        private fun atom(): Num {
            skip()
            val c = text.getOrNull(i) ?: throw IllegalArgumentException("unexpected end of expression")
            return when {
                c == '(' -> {
                    i++
                    sum().also {
                        skip()
                        if (text.getOrNull(i) != ')') throw IllegalArgumentException("'(' was never closed")
                        i++
                    }
                }
                c == '-' -> { i++; atom().let { Num(-it.value, it.isFloat) } }
                c.isDigit() || c == '.' -> {
                    val start = i
                    while (i < text.length && (text[i].isDigit() || text[i] == '.')) i++
                    number(text.substring(start, i)) ?: throw IllegalArgumentException("invalid number")
                }
                c.isLetter() || c == '_' -> {
                    val start = i
                    while (i < text.length && (text[i].isLetterOrDigit() || text[i] == '_')) i++
                    val name = text.substring(start, i)
                    val v = vars[name] ?: throw IllegalArgumentException("name '$name' is not defined")
                    number(v) ?: throw IllegalArgumentException("unsupported operand type for '$name'")
                }
                else -> throw IllegalArgumentException("invalid syntax at '${text.substring(i)}'")
            }
        }
    }

    // ---- breakpoints and confirmation -------------------------------------------------------

    override fun breakpoints(project: String) = answer {
        record("breakpoints", "project" to project)
        checkProject(project)
        breakpoints.values.toList()
    }

    override fun addBreakpoint(project: String, spec: BreakpointSpec) = answer {
        record("addBreakpoint", "project" to project, "spec" to spec)
        checkProject(project)
        val kind = spec.kind
        if (kind is BreakpointKind.Line && (!kind.file.startsWith("$projectPath/") || !kind.file.endsWith(".py"))) {
            throw IdeError("invalid_location", "no breakpoint can be put at ${kind.file.substringAfterLast('/')}:${kind.line}")
        }
        val info = BreakpointInfo("b${nextBreakpoint++}", spec, 0, null, null)
        breakpoints[info.id] = info
        later { it.breakpointChanged(projectPath, info) }
        AddedBreakpoint(info, created = true)
    }

    override fun watch(session: String, frameRef: String, target: ValueTarget, name: String) = answer<BreakpointInfo> {
        record("watch", "session" to session, "frameRef" to frameRef, "target" to target, "name" to name)
        throw IdeError("not_supported", "Cannot watch $name: this recording IDE has no field watchpoints")
    }

    override fun removeBreakpoint(project: String, id: String) = answer {
        record("removeBreakpoint", "project" to project, "id" to id)
        checkProject(project)
        val removed = breakpoints.remove(id) != null
        if (removed) later { it.breakpointRemoved(projectPath, id) }
        removed
    }

    override fun confirm(request: ConfirmRequest) = answer {
        record("confirm", *confirmArgs(request))
        decision
    }

    fun close() {
        events.shutdownNow()
    }
}
