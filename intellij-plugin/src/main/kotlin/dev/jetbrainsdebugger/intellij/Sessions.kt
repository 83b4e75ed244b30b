// Session tracking. The IDE reports sessions through three channels, in no guaranteed order:
//  - ExecutionListener (ExecutionManager.EXECUTION_TOPIC): every process launched from a run
//    configuration, debug or run, with its ExecutionEnvironment and ProcessHandler;
//  - XDebuggerManagerListener: every debugger process; on 2025.2 its XDebugSession does not
//    say which ExecutionEnvironment started it, so it is paired with its launch through the
//    process handler both channels report (DebugLaunchMatcher);
//  - the XDebugSessionListener added to each session: pauses, resumes, stop.
// The ExecutionEnvironment's executionId names the session deterministically ("s<executionId>"),
// whichever channel speaks first, and `session/launch` assigns that id before launching, so
// the answer is the session that launch started — not "the newest session" after a poll. A
// debugger no launch claims within a grace period (started by other means) is named "x<n>".
// Output and the exit code come from a ProcessListener on the ProcessHandler.
package dev.jetbrainsdebugger.intellij

import com.intellij.execution.executors.DefaultDebugExecutor
import com.intellij.execution.process.BaseProcessHandler
import com.intellij.execution.process.ProcessEvent
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.process.ProcessListener
import com.intellij.execution.process.ProcessOutputType
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.util.Key
import com.intellij.xdebugger.XDebugProcess
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebugSessionListener
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.presentation.FrameNames
import dev.jetbrainsdebugger.sessions.DebugLaunchMatcher
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/** How long a starting debugger waits for the launch that started it to be reported (milliseconds). */
private const val LAUNCH_MATCH_GRACE_MS = 3_000L

internal class Sessions(private val events: () -> IdeEventSink?) {
    private val records = ConcurrentHashMap<String, SessionRecord>()
    private val byDebugSession = java.util.Collections.synchronizedMap(java.util.IdentityHashMap<XDebugSession, SessionRecord>())
    private val adHoc = AtomicInteger(1)
    private val matcher = DebugLaunchMatcher<ProcessHandler, SessionRecord, XDebugSession>(LAUNCH_MATCH_GRACE_MS)
    private val taps = java.util.IdentityHashMap<ProcessHandler, ProcessTap>()

    /** Launches in flight, by execution id: completed when their session exists. */
    private val pending = ConcurrentHashMap<Long, PendingLaunch>()

    /** Launches given up at their deadline (the agent was told `timeout`), by execution id. */
    private val abandoned = ConcurrentHashMap.newKeySet<Long>()

    class PendingLaunch(val mode: LaunchMode, val future: CompletableFuture<SessionInfo>)

    fun all(): List<SessionRecord> = records.values.toList()

    fun live(): List<SessionRecord> = records.values.filter { it.announced.get() && !it.terminated.get() }

    fun get(id: String): SessionRecord =
        records[id] ?: throw IdeError("session_not_found", "no debug session $id")

    fun forProject(project: Project): List<SessionRecord> = records.values.filter { it.project === project }

    // ----- launches ---------------------------------------------------------

    fun expect(executionId: Long, mode: LaunchMode): CompletableFuture<SessionInfo> {
        val p = PendingLaunch(mode, CompletableFuture())
        pending[executionId] = p
        p.future.whenComplete { _, _ -> pending.remove(executionId, p) }
        records["s$executionId"]?.let { settle(it) }
        return p.future
    }

    fun launchFailed(executionId: Long, error: IdeError) {
        pending.remove(executionId)?.future?.completeExceptionally(error)
    }

    /**
     * Gives up the launch [executionId]: the agent was told it timed out, so it must not run. The
     * IDE cannot take back a launch it was handed; if it starts it anyway, its session is stopped
     * as soon as it appears, and ends with an error that says so.
     */
    fun abandon(executionId: Long) {
        abandoned += executionId
        pending.remove(executionId)
        records["s$executionId"]?.let(::settle)
    }

    private fun stopStartedAfterTimeout(record: SessionRecord) {
        val handler = record.processHandler ?: record.debugSession?.debugProcess?.processHandler ?: return
        if (!record.startedAfterTimeout.compareAndSet(false, true)) return
        record.terminationError = "the IDE started this launch after the call had timed out; it was stopped at once"
        IntellijLog.info("session ${record.id} started after its launch had timed out: stopping it")
        // Any thread (destroyProcess waits for the start to be notified): not behind a modal dialog.
        Async.onPooled { Stopping.stop(handler) }
    }

    /** Completes the pending launch of [record] once the session can be used; stops it if its launch was given up. */
    private fun settle(record: SessionRecord) {
        val id = record.executionId ?: return
        if (id in abandoned) return stopStartedAfterTimeout(record)
        val p = pending[id] ?: return
        val ready = when (p.mode) {
            LaunchMode.DEBUG -> record.debugSession != null
            LaunchMode.RUN -> record.processHandler != null
        }
        if (ready) p.future.complete(record.info())
    }

    // ----- ExecutionListener ------------------------------------------------

    fun executionStarting(env: ExecutionEnvironment, handler: ProcessHandler) {
        val record = launched(env, handler)
        announce(record)
        settle(record)
        catchUpStop(record)
    }

    fun executionStarted(env: ExecutionEnvironment, handler: ProcessHandler) {
        val record = launched(env, handler)
        announce(record)
        announcePid(record)
        settle(record)
        catchUpStop(record)
    }

    /** The record of the launch [env] that runs [handler], with the debugger already running it, if any. */
    private fun launched(env: ExecutionEnvironment, handler: ProcessHandler): SessionRecord {
        // A debugger released before its launch spoke already has a record for this handler: it becomes the launch's.
        val record = synchronized(taps) { taps[handler] }?.session?.also { r ->
            if (r.env == null) r.env = env
            if (r.executionId == null && env.executionId != 0L) r.executionId = env.executionId
        } ?: ensure(env)
        // The debugger first: attaching a process that already ended would end the session before it.
        matcher.launchSeen(handler, record)?.let { attachDebugSession(record, it) }
        attachProcess(record, handler)
        return record
    }

    fun executionNotStarted(env: ExecutionEnvironment, cause: Throwable?) {
        val mode = modeOf(env)
        val what = if (mode == LaunchMode.DEBUG) "cannot_debug" else "cannot_run"
        val name = env.runnerAndConfigurationSettings?.name ?: env.runProfile.name
        val why = cause?.message?.takeIf { it.isNotBlank() } ?: "a before-launch task failed or was cancelled, or the IDE refused to start it"
        if (env.executionId != 0L) launchFailed(env.executionId, IdeError(what, "run configuration '$name' was not started: $why"))
    }

    fun executionTerminated(env: ExecutionEnvironment, exitCode: Int) {
        val record = records[idOf(env)] ?: return
        processEnded(record, exitCode)
    }

    // ----- XDebuggerManagerListener ----------------------------------------

    /**
     * A debugger started. [adopted]: it was running before this plugin listened, so no launch
     * will be reported for it.
     */
    fun debugProcessStarted(project: Project, process: XDebugProcess, adopted: Boolean = false) {
        val session = process.session ?: return
        if (byDebugSession.containsKey(session)) return
        val handler = runCatching { process.processHandler }.getOrNull()
        if (handler == null || adopted) return startedAlone(project, session, handler)
        tap(handler) // what it prints while it waits for its launch is kept
        val launch = matcher.debuggerSeen(handler, session) { startedAlone(project, it, handler) } ?: return
        debuggerJoined(launch, session)
    }

    /** A debugger with no launch to pair with: a session of its own ("x<n>"). */
    private fun startedAlone(project: Project, session: XDebugSession, handler: ProcessHandler?) {
        val record = adHocRecord(project, session)
        handler?.let { attachProcess(record, it) }
        debuggerJoined(record, session)
    }

    private fun debuggerJoined(record: SessionRecord, session: XDebugSession) {
        attachDebugSession(record, session)
        announce(record)
        announcePid(record)
        settle(record)
        catchUpStop(record)
    }

    /**
     * A short program's debugger can stop before its launch is paired with it (its processStopped
     * then found no record): once the launch is answered, that stop ends the session.
     */
    private fun catchUpStop(record: SessionRecord) {
        if (record.debugSession?.isStopped == true) debugStopped(record)
    }

    fun debugProcessStopped(process: XDebugProcess) {
        val record = process.session?.let { byDebugSession[it] } ?: return
        debugStopped(record)
    }

    /** Sessions that were running before this plugin listened (it was installed or enabled later). */
    fun adopt(project: Project) {
        for (session in XDebuggerManager.getInstance(project).debugSessions) {
            if (session.isStopped || byDebugSession.containsKey(session)) continue
            debugProcessStarted(project, session.debugProcess, adopted = true)
        }
    }

    fun projectClosing(project: Project) {
        for (record in forProject(project)) {
            debugStopped(record)
            processEnded(record, null)
        }
    }

    // ----- records ----------------------------------------------------------

    /** Environments launched without an execution id (rare: code that runs a runner directly). */
    private val unnumbered = java.util.WeakHashMap<ExecutionEnvironment, String>()

    private fun idOf(env: ExecutionEnvironment): String =
        if (env.executionId != 0L) "s${env.executionId}" else synchronized(unnumbered) {
            unnumbered.getOrPut(env) { "x${adHoc.getAndIncrement()}" }
        }

    private fun modeOf(env: ExecutionEnvironment): LaunchMode =
        if (env.executor.id == DefaultDebugExecutor.EXECUTOR_ID) LaunchMode.DEBUG else LaunchMode.RUN

    private fun ensure(env: ExecutionEnvironment): SessionRecord {
        val id = idOf(env)
        val record = records.computeIfAbsent(id) {
            val name = env.runnerAndConfigurationSettings?.name ?: env.runProfile.name
            SessionRecord(
                id = id,
                project = env.project,
                mode = modeOf(env),
                executionId = env.executionId.takeIf { it != 0L },
                name = name,
                runConfiguration = name,
            ).also {
                it.env = env
                it.language = Languages.ofConfiguration(env.runnerAndConfigurationSettings?.type?.id)
            }
        }
        if (record.env == null) record.env = env
        return record
    }

    private fun adHocRecord(project: Project, session: XDebugSession): SessionRecord {
        byDebugSession[session]?.let { return it }
        val id = "x${adHoc.getAndIncrement()}"
        val name = session.sessionName
        return SessionRecord(id, project, LaunchMode.DEBUG, null, name, session.runProfile?.name ?: name)
            .also { records[id] = it }
    }

    private fun attachDebugSession(record: SessionRecord, session: XDebugSession) {
        if (record.debugSession === session) return
        record.debugSession = session
        byDebugSession[session] = record
        record.name = session.sessionName
        if (record.language == null) {
            record.language = runCatching { Languages.ofFileType(session.debugProcess.editorsProvider.fileType.name) }.getOrNull()
        }
        val disposable = Disposer.newDisposable("jetbrains-debugger session ${record.id}")
        record.listenerDisposable = disposable
        session.addSessionListener(object : XDebugSessionListener {
            override fun sessionPaused() = paused(record, session)
            override fun sessionResumed() = resumed(record)
            override fun sessionStopped() = debugStopped(record)
        }, disposable)
        // Registered after the session may already have paused (e.g. adopted): report that stop too.
        if (session.isSuspended) paused(record, session)
    }

    private fun attachProcess(record: SessionRecord, handler: ProcessHandler) {
        if (record.processHandler == null) record.processHandler = handler
        tap(handler).bind(record)
        if (handler.isProcessTerminated) processEnded(record, handler.exitCode)
    }

    /** The one listener of [handler] (created on first sight, also for a debugger still waiting for its launch). */
    private fun tap(handler: ProcessHandler): ProcessTap = synchronized(taps) {
        taps.getOrPut(handler) { ProcessTap().also { handler.addProcessListener(it) } }
    }

    /**
     * A process's output and end, held until the session it belongs to is known (a debugger
     * waiting for its launch prints already), then passed on in order.
     */
    private inner class ProcessTap : ProcessListener {
        private var record: SessionRecord? = null
        private val held = ArrayList<Pair<OutputCategory, String>>()

        /** The session this process belongs to, once known (the first one bound). */
        val session: SessionRecord? get() = synchronized(this) { record }
        private var heldExit: Int? = null

        fun bind(to: SessionRecord) {
            synchronized(this) {
                if (record != null) return
                record = to
                held.forEach { (category, text) -> emit { it.output(to.id, category, text) } }
                held.clear()
                heldExit?.let { processEnded(to, it) }
            }
        }

        override fun onTextAvailable(event: ProcessEvent, outputType: Key<*>) {
            val text = event.text ?: return
            if (text.isEmpty()) return
            val category = when {
                ProcessOutputType.isStdout(outputType) -> OutputCategory.STDOUT
                ProcessOutputType.isStderr(outputType) -> OutputCategory.STDERR
                else -> OutputCategory.CONSOLE
            }
            synchronized(this) {
                val to = record
                if (to == null) held += category to text else emit { it.output(to.id, category, text) }
            }
        }

        override fun processTerminated(event: ProcessEvent) {
            synchronized(this) {
                val to = record
                if (to == null) heldExit = event.exitCode else processEnded(to, event.exitCode)
            }
        }
    }

    private fun announce(record: SessionRecord) {
        if (record.announced.compareAndSet(false, true)) emit { it.sessionStarted(record.info()) }
    }

    private fun announcePid(record: SessionRecord) {
        val handler = record.processHandler as? BaseProcessHandler<*> ?: return
        val pid = runCatching { handler.process.pid() }.getOrNull() ?: return
        record.processId = pid
        if (record.pidAnnounced.compareAndSet(false, true)) emit { it.processStarted(record.id, pid) }
    }

    private fun processEnded(record: SessionRecord, exitCode: Int?) {
        record.processEnded = true
        if (exitCode != null && record.exitAnnounced.compareAndSet(false, true)) emit { it.exited(record.id, exitCode) }
        maybeTerminated(record)
    }

    private fun debugStopped(record: SessionRecord) {
        if (record.debugStopped) return
        record.debugStopped = true
        if (record.unmuteAtNextStop) {
            record.unmuteAtNextStop = false
            record.debugSession?.let { s -> Async.later { s.setBreakpointMuted(false) } } // @RequiresReadLock: the EDT has it
        }
        record.handles.invalidate()
        maybeTerminated(record)
        // The process may outlive the debugger (detach) or never report its end: do not wait forever.
        CompletableFuture.delayedExecutor(3, TimeUnit.SECONDS).execute { terminate(record) }
    }

    private fun maybeTerminated(record: SessionRecord) {
        val over = when {
            record.debugSession != null -> record.debugStopped && (record.processEnded || record.processHandler == null)
            else -> record.processEnded
        }
        if (over) terminate(record)
    }

    private fun terminate(record: SessionRecord) {
        if (!record.terminated.compareAndSet(false, true)) return
        record.listenerDisposable?.let { d -> runCatching { Disposer.dispose(d) } }
        record.listenerDisposable = null
        record.debugSession?.let { byDebugSession.remove(it) }
        record.processHandler?.let { h ->
            matcher.forget(h)
            synchronized(taps) { taps.remove(h) }
        }
        record.executionId?.let { launchFailed(it, IdeError("session_ended", "session ${record.id} ended before its debugger attached")) }
        if (record.announced.get()) emit { it.terminated(record.id, record.terminationError) }
        trimEnded()
    }

    /** Ended sessions stay known (to answer `session_ended`), the most recent 50 of them. */
    private fun trimEnded() {
        val ended = records.values.filter { it.terminated.get() }
        if (ended.size <= 50) return
        ended.sortedBy { it.executionId ?: 0L }.take(ended.size - 50).forEach { records.remove(it.id, it) }
    }

    // ----- pauses -----------------------------------------------------------

    private fun resumed(record: SessionRecord) {
        record.handles.invalidate()
        record.lastPause = null
        emit { it.resumed(record.id) }
    }

    private fun paused(record: SessionRecord, session: XDebugSession) {
        record.handles.invalidate()
        if (record.unmuteAtNextStop) {
            record.unmuteAtNextStop = false
            Async.later { session.setBreakpointMuted(false) }
        }
        val intent = record.intent
        record.intent = null
        val generation = record.handles.generation
        PauseAttribution.attribute(record, session, intent)
            .exceptionally { e ->
                IntellijLog.warn("cannot attribute the pause of ${record.id}", e)
                PauseInfo(record.id, null, StopReason.OTHER, emptyList(), null, null)
            }
            .thenAccept { pause ->
                // A pause that was already followed by a resume or another stop is stale.
                if (record.handles.generation != generation) return@thenAccept
                record.lastPause = pause
                if (pause.reason == StopReason.BREAKPOINT) pause.hitBreakpoints.forEach { BreakpointIds.of(record.project).hit(it) }
                emit { it.paused(pause) }
            }
    }

    fun currentPauses(): List<PauseInfo> = live().mapNotNull { r ->
        val s = r.debugSession ?: return@mapNotNull null
        if (!s.isSuspended) return@mapNotNull null
        r.lastPause ?: PauseInfo(r.id, null, StopReason.OTHER, emptyList(), null, "paused")
    }

    private inline fun emit(crossinline call: (IdeEventSink) -> Unit) {
        val sink = events() ?: return
        try {
            call(sink)
        } catch (t: Throwable) {
            IntellijLog.warn("event sink failed", t)
        }
    }
}

/**
 * Why a session paused. The platform does not say (XPauseReason is not exposed on the
 * session), so the reason is inferred, in this order: the plugin's own last request (step,
 * pause, run to line); an enabled line breakpoint at the top frame's position; an enabled
 * exception breakpoint (for Python only when pydevd's `__exception__` is in the top frame,
 * since PyCharm's default "any exception on termination" breakpoint is always on); otherwise
 * "other" (a step or pause the user did in the IDE).
 */
internal object PauseAttribution {
    private data class Facts(
        val threadId: String?,
        val position: Pair<String, Int>?,
        val lineHits: List<String>,
        val exceptionBreakpoints: List<String>,
        val topMethod: String?,
        /** Null when not an exception stop (or when that cannot be told). */
        val exception: ExceptionInfo?,
        /** Whether [exception] was looked for (Python) rather than inferred from the breakpoints alone. */
        val exceptionChecked: Boolean,
    )

    fun attribute(record: SessionRecord, session: XDebugSession, intent: Intent?): CompletableFuture<PauseInfo> =
        facts(record, session, intent).thenApply { f -> decide(record.id, intent, f) }

    private fun facts(record: SessionRecord, session: XDebugSession, intent: Intent?): CompletableFuture<Facts> {
        val position = session.topFramePosition
        val stack = session.suspendContext?.activeExecutionStack
        val threadId = stack?.let { record.threads.idFor(it.displayName, 0) }
        val where = position?.let { Projects.normalize(it.file.path) to it.line + 1 }
        val top = stack?.topFrame
        val method: CompletableFuture<String?> = if (top == null) {
            CompletableFuture.completedFuture(null)
        } else {
            Async.onEdt(null) {
                val text = FrameText().also { top.customizePresentation(it) }.text
                FrameNames.parse(text, top.sourcePosition?.file?.name).method
            }
        }
        val breakpoints = Async.readOnPooled {
            val manager = Breakpoints.manager(record.project)
            val ids = BreakpointIds.of(record.project)
            val muted = session.areBreakpointsMuted()
            val all = manager.allBreakpoints.filter { it.isEnabled }
            // Method and field breakpoints are XLineBreakpoints too, but a stop at their line is not theirs.
            val line = if (position == null || muted) emptyList() else all.filter(Breakpoints::isLine).map { it as XLineBreakpoint<*> }
                .filter { it.line == position.line && Projects.samePath(Files.pathOfUrl(it.fileUrl), Projects.normalize(position.file.path)) }
                .map { ids.id(it) }
            val exceptions = if (muted) emptyList() else all.filter { it !is XLineBreakpoint<*> && ExceptionBreakpoints.supportFor(it) != null }
                .map { ids.id(it as XBreakpoint<*>) }
            line to exceptions
        }
        return breakpoints.thenCombine(method.exceptionally { null }) { (line, exceptions), m ->
            Facts(threadId, where, line, exceptions, m, null, false)
        }.thenCompose { f ->
            val candidate = intent !is Intent.Step && intent !is Intent.Pause && f.lineHits.isEmpty() && f.exceptionBreakpoints.isNotEmpty()
            if (candidate && record.language == "python" && top != null) {
                pythonException(top).thenApply { e -> f.copy(exception = e, exceptionChecked = true) }
            } else {
                CompletableFuture.completedFuture(f)
            }
        }.within(Deadlines.QUICK, "attributing the pause")
    }

    /**
     * pydevd puts `__exception__ = (type, value, traceback)` into the frame it stops in for an
     * exception; its presentation names the class and the message.
     */
    private fun pythonException(top: com.intellij.xdebugger.frame.XStackFrame): CompletableFuture<ExceptionInfo?> =
        ChildrenNode.of(top, 300, Deadlines.PRESENTATION, null).thenCompose { children ->
            val value = children.items.filterIsInstance<Child.Value>().firstOrNull { it.name == "__exception__" }?.value
            if (value == null) {
                CompletableFuture.completedFuture(null)
            } else {
                Presenter.describe(value, null).thenApply { d -> parsePythonException(d.presented.value) }
            }
        }.exceptionally { null }

    internal fun parsePythonException(text: String): ExceptionInfo {
        val type = Regex("""<class '([^']+)'>""").find(text)?.groupValues?.get(1) ?: "BaseException"
        val short = type.substringAfterLast('.')
        val message = Regex(Regex.escape(short) + """\((.*?)\)(?:,|\s*\)?$)""").find(text)?.groupValues?.get(1)
            ?.trim()?.removeSurrounding("'")?.removeSurrounding("\"") ?: ""
        return ExceptionInfo(type, message, null)
    }

    private fun decide(session: String, intent: Intent?, f: Facts): PauseInfo {
        fun pause(reason: StopReason, hits: List<String> = emptyList(), description: String? = null, exception: ExceptionInfo? = null) =
            PauseInfo(session, f.threadId, reason, hits, exception, description)

        fun exceptionOrNull(): PauseInfo? {
            if (f.exceptionBreakpoints.isEmpty()) return null
            if (f.exceptionChecked && f.exception == null) return null
            // The exception breakpoint that fired is known only when just one is enabled.
            val hits = if (f.exceptionBreakpoints.size == 1) f.exceptionBreakpoints else emptyList()
            return pause(StopReason.EXCEPTION, hits, "exception breakpoint", f.exception)
        }

        return when (intent) {
            is Intent.Pause -> pause(StopReason.PAUSE)
            is Intent.RunToLine -> when {
                f.position != null && f.position.second == intent.line && Projects.samePath(f.position.first, Projects.normalize(intent.file)) ->
                    pause(StopReason.STEP, description = "run to line")
                f.lineHits.isNotEmpty() -> pause(StopReason.BREAKPOINT, f.lineHits)
                else -> exceptionOrNull() ?: pause(StopReason.OTHER, description = "stopped before reaching the run-to-line target")
            }
            is Intent.Step -> {
                // A step over that stops in another method on a breakpoint line stopped on that breakpoint.
                val leftMethod = intent.fromMethod != null && f.topMethod != null && intent.fromMethod != f.topMethod
                if (intent.kind == StepKind.OVER && leftMethod && f.lineHits.isNotEmpty()) {
                    pause(StopReason.BREAKPOINT, f.lineHits)
                } else {
                    pause(StopReason.STEP)
                }
            }
            null -> when {
                f.lineHits.isNotEmpty() -> pause(StopReason.BREAKPOINT, f.lineHits)
                else -> exceptionOrNull() ?: pause(StopReason.OTHER, description = "paused by the IDE (a user action or the debugger itself)")
            }
        }
    }
}

/** Language names for SessionInfo.language. */
internal object Languages {
    fun ofConfiguration(typeId: String?): String? = when (typeId) {
        null -> null
        "PythonConfigurationType", "tests", "PyTest", "py.test", "Unittests", "Django server", "Python.FlaskServer" -> "python"
        "JetRunConfigurationType", "KotlinStandaloneScriptRunConfigurationType" -> "kotlin"
        "Application", "JUnit", "TestNG", "JarApplication", "SpringBootApplicationConfigurationType", "Remote" -> "java"
        "NodeJSConfigurationType", "JavascriptDebugType", "js.build_tools.npm" -> "javascript"
        else -> null
    }

    fun ofFileType(name: String?): String? = when (name?.lowercase()) {
        null, "", "plain_text", "unknown" -> null
        "java" -> "java"
        else -> name.lowercase()
    }
}
