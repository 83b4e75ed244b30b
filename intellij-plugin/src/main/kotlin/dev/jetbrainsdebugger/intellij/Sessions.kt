package dev.jetbrainsdebugger.intellij

import com.intellij.execution.executors.DefaultDebugExecutor
import com.intellij.execution.process.BaseProcessHandler
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import com.intellij.openapi.Disposable
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.xdebugger.XDebugProcess
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebugSessionListener
import com.intellij.xdebugger.XDebuggerManager
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.sessions.DebugLaunchMatcher
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/** How long a starting debugger waits for the launch that started it to be reported (milliseconds). */
private const val LAUNCH_MATCH_GRACE_MS = 3_000L

/** How long a stopped debugger waits for its process to report its end before the session is over anyway. */
private const val STOPPED_SESSION_GRACE_MS = 3_000L

/**
 * Session tracking. The IDE reports sessions through three channels, in no guaranteed order:
 *  - ExecutionListener (ExecutionManager.EXECUTION_TOPIC): every process launched from a run
 *    configuration, debug or run, with its ExecutionEnvironment and ProcessHandler;
 *  - XDebuggerManagerListener: every debugger process; on 2025.2 its XDebugSession does not
 *    say which ExecutionEnvironment started it, so it is paired with its launch through the
 *    process handler both channels report (DebugLaunchMatcher);
 *  - the XDebugSessionListener added to each session: pauses, resumes, stop.
 * The ExecutionEnvironment's executionId names the session deterministically ("s<executionId>"),
 * whichever channel speaks first; the agent's own launches wait for it in [launches]. A debugger
 * no launch claims within a grace period (started by other means) is named "x<n>". Output and
 * the exit code come from a [ProcessTap] on the ProcessHandler; why a session paused from
 * [PauseAttribution].
 * Everything registered with the platform for a session (its session listener, its process
 * listener) hangs under [lifetime], which the bridge service's disposal disposes: a plugin
 * unloaded while a session runs leaves nothing of it in the platform.
 */
internal class Sessions(private val events: () -> IdeEventSink?) {
    /** The parent of every session's and process's registrations; disposed with the bridge service. */
    val lifetime: Disposable = Disposer.newDisposable("jetbrains-debugger sessions")
    private val records = ConcurrentHashMap<String, SessionRecord>()
    private val byDebugSession = java.util.Collections.synchronizedMap(java.util.IdentityHashMap<XDebugSession, SessionRecord>())
    private val adHoc = AtomicInteger(1)
    private val matcher = DebugLaunchMatcher<ProcessHandler, SessionRecord, XDebugSession>(LAUNCH_MATCH_GRACE_MS, Timers::after)
    private val taps = java.util.IdentityHashMap<ProcessHandler, ProcessTap>()
    /** What removes each tap from its handler (the tap's own disposable, under [lifetime]). */
    private val tapRegistrations = java.util.IdentityHashMap<ProcessHandler, Disposable>()

    /** The exception breakpoints launches added to break on uncaught exceptions, given back when they end. */
    val uncaughtStops = UncaughtExceptionStops()

    /** The agent's launches waiting for their session. */
    val launches = PendingLaunches({ executionId -> records["s$executionId"] }, uncaughtStops::giveBack)

    fun all(): List<SessionRecord> = records.values.toList()

    fun live(): List<SessionRecord> = records.values.filter { it.announced.get() && !it.terminated.get() }

    fun get(id: String): SessionRecord =
        records[id] ?: throw IdeError("session_not_found", "no debug session $id")

    fun forProject(project: Project): List<SessionRecord> = records.values.filter { it.project === project }

    // ----- ExecutionListener ------------------------------------------------

    fun executionStarting(env: ExecutionEnvironment, handler: ProcessHandler) {
        val record = launched(env, handler)
        announce(record)
        launches.settle(record)
        catchUpStop(record)
    }

    fun executionStarted(env: ExecutionEnvironment, handler: ProcessHandler) {
        val record = launched(env, handler)
        announce(record)
        announcePid(record)
        launches.settle(record)
        catchUpStop(record)
    }

    /** The record of the launch [env] that runs [handler], with the debugger already running it, if any. */
    private fun launched(env: ExecutionEnvironment, handler: ProcessHandler): SessionRecord {
        // A debugger released before its launch spoke already has a record for this handler: it becomes the launch's.
        val record = synchronized(taps) { taps[handler] }?.session?.also { r ->
            if (r.env == null) r.env = env
            if (r.executionId == null && env.executionId != 0L) r.executionId = env.executionId
        } ?: ensure(env)
        // The process is known before the debugger is attached, so a debugger that stops at once
        // leaves the end to the process's (which carries the exit code); its events are tapped
        // after the debugger's: attaching a process that already ended would end the session before it.
        if (record.processHandler == null) record.processHandler = handler
        matcher.launchSeen(handler, record)?.let { attachDebugSession(record, it) }
        attachProcess(record, handler)
        return record
    }

    fun executionNotStarted(env: ExecutionEnvironment, cause: Throwable?) {
        val mode = modeOf(env)
        val what = if (mode == LaunchMode.DEBUG) "cannot_debug" else "cannot_run"
        val name = env.runnerAndConfigurationSettings?.name ?: env.runProfile.name
        val why = cause?.message?.takeIf { it.isNotBlank() } ?: "a before-launch task failed or was cancelled, or the IDE refused to start it"
        if (env.executionId != 0L) launches.failed(env.executionId, IdeError(what, "run configuration '$name' was not started: $why"))
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
        launches.settle(record)
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
        Disposer.register(lifetime, disposable)
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
        taps.getOrPut(handler) {
            ProcessTap({ record, category, text -> emit { it.output(record.id, category, text) } }, ::processEnded).also { tap ->
                val registration = Disposer.newDisposable("jetbrains-debugger process tap")
                Disposer.register(lifetime, registration)
                tapRegistrations[handler] = registration
                handler.addProcessListener(tap, registration)
            }
        }
    }

    private fun announce(record: SessionRecord) {
        // Under the lock the end is reported under: a session's start is always reported before its end.
        synchronized(record.announced) {
            if (record.announced.compareAndSet(false, true)) emit { it.sessionStarted(record.info()) }
        }
        announceExit(record)
    }

    /**
     * The exit code, after the session's start: a short program's process can end before its launch
     * is paired with its debugger, and an exit told before the start is one the bridge cannot place.
     */
    private fun announceExit(record: SessionRecord) {
        synchronized(record.announced) {
            val code = record.exitCode ?: return
            if (record.announced.get() && record.exitAnnounced.compareAndSet(false, true)) emit { it.exited(record.id, code) }
        }
    }

    private fun announcePid(record: SessionRecord) {
        val handler = record.processHandler as? BaseProcessHandler<*> ?: return
        val pid = runCatching { handler.process.pid() }.getOrNull() ?: return
        record.processId = pid
        if (record.pidAnnounced.compareAndSet(false, true)) emit { it.processStarted(record.id, pid) }
    }

    private fun processEnded(record: SessionRecord, exitCode: Int?) {
        record.processEnded = true
        if (exitCode != null && record.exitCode == null) record.exitCode = exitCode
        announceExit(record)
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
        Timers.after(STOPPED_SESSION_GRACE_MS) { terminate(record) }
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
            synchronized(taps) {
                taps.remove(h)
                tapRegistrations.remove(h)
            }?.let { d -> runCatching { Disposer.dispose(d) } }
        }
        record.executionId?.let(uncaughtStops::giveBack)
        Async.later { FieldWatchpoints.removeAll(record) }
        // A short program can end, and its session stop on another thread, while the thread that
        // saw it launch is still between attaching it and answering its launch: one that started
        // is announced and answered here, before its end; only a launch that never started fails.
        announce(record)
        launches.settle(record)
        record.executionId?.let { launches.failed(it, IdeError("session_ended", "session ${record.id} ended before its debugger attached")) }
        synchronized(record.announced) { emit { it.terminated(record.id, record.terminationError) } }
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
        if (record.silentResume.getAndSet(false)) return
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
        Logpoints.handle(record, session, intent) { text -> emit { it.output(record.id, OutputCategory.CONSOLE, text) } }
            .thenCompose<PauseInfo?> { resumed ->
                if (resumed) CompletableFuture.completedFuture(null) else PauseAttribution.attribute(record, session, intent, uncaughtStops.isTestLaunch(record.executionId)).thenApply { it }
            }
            .exceptionally { e ->
                IntellijLog.warn("cannot attribute the pause of ${record.id}", e)
                PauseInfo(record.id, null, StopReason.OTHER, emptyList(), null, null)
            }
            .thenAccept { pause ->
                // A pause that was already followed by a resume or another stop is stale.
                if (pause == null || record.handles.generation != generation) return@thenAccept
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

    /** Tells the agent something about [session]'s launch, as the session's console output. */
    fun tell(session: String, text: String) = emit { it.output(session, OutputCategory.CONSOLE, text) }

    private inline fun emit(crossinline call: (IdeEventSink) -> Unit) {
        val sink = events() ?: return
        try {
            call(sink)
        } catch (t: Throwable) {
            IntellijLog.warn("event sink failed", t)
        }
    }
}
