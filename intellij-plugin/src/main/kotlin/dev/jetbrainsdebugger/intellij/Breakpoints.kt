package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.Disposable
import com.intellij.openapi.application.WriteAction
import com.intellij.openapi.components.Service
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.SuspendPolicy as XSuspendPolicy
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import com.intellij.xdebugger.evaluation.EvaluationMode
import dev.jetbrainsdebugger.ide.AddedBreakpoint
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.SuspendPolicy as WireSuspendPolicy
import dev.jetbrainsdebugger.presentation.LogMessages
import java.lang.ref.WeakReference
import java.util.WeakHashMap
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * An agent's logpoint as the plugin runs it: [expression] is the message in the file's language,
 * [suspendPolicy] what the agent asked (the IntelliJ breakpoint suspends, so the plugin can read the message).
 */
internal data class Logpoint(val expression: String, val language: com.intellij.lang.Language?, val suspendPolicy: WireSuspendPolicy)

/**
 * Stable ids, hit counts, original log messages and agents' logpoints of a project's breakpoints, and the launches' own ones.
 * Disposed when the plugin unloads (and when the project goes): the agents' logpoints are handed over to the IDE first.
 */
@Service(Service.Level.PROJECT)
class BreakpointIds(private val project: Project) : Disposable {
    private val ids = WeakHashMap<XBreakpoint<*>, String>()
    private val byId = HashMap<String, WeakReference<XBreakpoint<*>>>()
    private val next = AtomicInteger(1)
    private val hits = ConcurrentHashMap<String, Long>()
    private val messages = ConcurrentHashMap<String, String>()
    private val watchNames = ConcurrentHashMap<String, String>()
    private val logpoints = ConcurrentHashMap<String, Logpoint>()
    private val launchOwned = java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(WeakHashMap<XBreakpoint<*>, Boolean>()))

    fun id(breakpoint: XBreakpoint<*>): String = synchronized(this) {
        ids.getOrPut(breakpoint) {
            val id = "b${next.getAndIncrement()}"
            byId[id] = WeakReference(breakpoint)
            id
        }
    }

    fun find(id: String): XBreakpoint<*>? = synchronized(this) { byId[id]?.get() }

    fun forget(breakpoint: XBreakpoint<*>) = synchronized(this) {
        ids.remove(breakpoint)?.let { id ->
            byId.remove(id)
            hits.remove(id)
            messages.remove(id)
            logpoints.remove(id)
            watchNames.remove(id)
        }
        launchOwned.remove(breakpoint)
    }

    fun hit(id: String) {
        hits.merge(id, 1L, Long::plus)
    }

    fun hits(id: String): Long = hits[id] ?: 0L

    fun setMessage(id: String, message: String?) {
        if (message == null) messages.remove(id) else messages[id] = message
    }

    fun message(id: String): String? = messages[id]

    /** A field watchpoint is listed by the name the agent watched it as (`cart.total`). */
    fun setWatchName(id: String, name: String) {
        watchNames[id] = name
    }

    fun watchName(id: String): String? = watchNames[id]

    internal fun setLogpoint(id: String, logpoint: Logpoint?) {
        if (logpoint == null) logpoints.remove(id) else logpoints[id] = logpoint
    }

    internal fun logpoint(id: String): Logpoint? = logpoints[id]

    /** The agents' logpoints with their breakpoints, forgotten as logpoints: the caller hands them over to the IDE. */
    internal fun takeLogpoints(): List<Pair<XBreakpoint<*>, Logpoint>> = synchronized(this) {
        val taken = logpoints.mapNotNull { (id, logpoint) -> byId[id]?.get()?.let { it to logpoint } }
        logpoints.clear()
        taken
    }

    /**
     * Plugin unload: what the plugin kept in memory goes with it, so each agent logpoint becomes the
     * IDE's own before that. A closing project was handed over before its save (ProjectCloseEventsListener).
     */
    override fun dispose() {
        if (project.isDisposed) return
        try {
            Breakpoints.handOverLogpoints(project, this)
        } catch (t: Throwable) {
            IntellijLog.warn("handing the agents' logpoints over to the IDE failed", t)
        }
    }

    /** A breakpoint a launch added for itself (break on uncaught): not the agent's or the user's. */
    fun ownByLaunch(breakpoint: XBreakpoint<*>) {
        launchOwned += breakpoint
    }

    fun isLaunchOwned(breakpoint: XBreakpoint<*>): Boolean = breakpoint in launchOwned

    companion object {
        fun of(project: Project): BreakpointIds = project.getService(BreakpointIds::class.java)
    }
}

/**
 * Breakpoints through XBreakpointManager: reads in a read action on a pooled thread, mutations
 * on the EDT (in a write-safe context, Async.onEdt) inside a write action. IntelliJ breakpoints
 * have no id, so a project service ([BreakpointIds]) hands out stable ones ("b<n>") and keeps
 * what IntelliJ does not: hit counts (counted from the pauses this plugin attributes to a
 * breakpoint) and the logpoint message as the agent wrote it ("total={total}", before the
 * per-language rewrite).
 */
internal object Breakpoints {
    fun manager(project: Project): XBreakpointManager = XDebuggerManager.getInstance(project).breakpointManager

    fun list(project: Project): CompletableFuture<List<BreakpointInfo>> = Async.readOnPooled {
        val manager = manager(project)
        manager.allBreakpoints.mapNotNull { bp -> info(project, manager, bp) }
    }

    /**
     * The bridge view of [bp], or null for breakpoints it cannot express (method and field
     * breakpoints, ...) and for built-in default breakpoints that are switched off.
     */
    fun info(project: Project, manager: XBreakpointManager, bp: XBreakpoint<*>): BreakpointInfo? {
        val ids = BreakpointIds.of(project)
        if (ids.isLaunchOwned(bp)) return null
        var note: String? = null
        val kind: BreakpointKind = when {
            isLine(bp) -> BreakpointKind.Line(Files.pathOfUrl((bp as XLineBreakpoint<*>).fileUrl), bp.line + 1)
            FieldWatchpoints.supportFor(bp) != null -> {
                val field = FieldWatchpoints.supportFor(bp)!!.describe(bp)
                val name = ids.watchName(ids.id(bp))
                note = "watches writes of $field (a field watchpoint)" + if (name != null) ", until the session ends" else ""
                BreakpointKind.Data(name ?: field)
            }
            bp is XLineBreakpoint<*> -> return null
            isFunction(bp) -> BreakpointKind.Function(FunctionBreakpoints.supportFor(bp)!!.describe(bp))
            else -> {
                val support = ExceptionBreakpoints.supportFor(bp) ?: return null
                if (manager.isDefaultBreakpoint(bp) && !bp.isEnabled) return null
                val (k, n) = support.describe(bp)
                note = n
                k
            }
        }
        val id = ids.id(bp)
        val spec = BreakpointSpec(
            kind = kind,
            enabled = bp.isEnabled,
            condition = bp.conditionExpression?.expression,
            logMessage = ids.message(id) ?: bp.logExpressionObject?.expression,
            suspendPolicy = ids.logpoint(id)?.suspendPolicy ?: wire(bp.suspendPolicy),
            temporary = (bp as? XLineBreakpoint<*>)?.isTemporary ?: false,
        )
        // No public API says whether a running debugger accepted a breakpoint: verified stays null.
        return BreakpointInfo(id = id, spec = spec, hitCount = ids.hits(id), verified = null, message = note)
    }

    /**
     * Types whose breakpoints are XLineBreakpoints (JavaLineBreakpointTypeBase, Kotlin's counterparts) but stop on
     * something else than reaching the line: a method's entry or exit, a field's access.
     */
    private val NOT_LINE_TYPES = setOf("java-method", "java-wildcard-method", "java-field", "kotlin-function", "kotlin-field")

    /** Whether [bp] stops when its line is reached: the bridge's line breakpoint. */
    fun isLine(bp: XBreakpoint<*>): Boolean = bp is XLineBreakpoint<*> && bp.type.id !in NOT_LINE_TYPES

    /** Whether [bp] is a function breakpoint this plugin reads (a method breakpoint by name: no line of its own). */
    fun isFunction(bp: XBreakpoint<*>): Boolean = bp !is XLineBreakpoint<*> && FunctionBreakpoints.supportFor(bp) != null

    fun add(project: Project, spec: BreakpointSpec, deadline: Deadline): CompletableFuture<AddedBreakpoint> = when (val kind = spec.kind) {
        is BreakpointKind.Line -> addLine(project, spec, kind, deadline)
        is BreakpointKind.Exception -> addException(project, spec, kind, deadline)
        is BreakpointKind.Function -> addFunction(project, spec, kind, deadline)
        is BreakpointKind.Data -> CompletableFuture.failedFuture(
            IdeError("invalid_params", "a data breakpoint watches a value of a paused session (breakpoints/watch)"),
        )
    }

    private fun addFunction(project: Project, spec: BreakpointSpec, kind: BreakpointKind.Function, deadline: Deadline): CompletableFuture<AddedBreakpoint> {
        if (spec.logMessage != null) {
            return failed("not_supported", "log messages are supported on line breakpoints only; this is a function breakpoint")
        }
        return Async.onEdt(deadline) {
            val (support, type) = FunctionBreakpoints.choose(kind.name)
            WriteAction.compute<AddedBreakpoint, RuntimeException> {
                val manager = manager(project)
                val (bp, created) = creating(project, manager) { support.create(manager, type, kind.name) }
                if (created) {
                    apply(bp, spec, null, null)
                    BreakpointIds.of(project).setMessage(BreakpointIds.of(project).id(bp), null)
                }
                val info = info(project, manager, bp) ?: throw IdeError("internal", "the new function breakpoint cannot be read back")
                AddedBreakpoint(info, created)
            }
        }
    }

    private data class LinePlan(
        val file: com.intellij.openapi.vfs.VirtualFile,
        val type: XLineBreakpointType<*>,
        val languageId: String?,
        val logExpression: String?,
    )

    private fun addLine(project: Project, spec: BreakpointSpec, kind: BreakpointKind.Line, deadline: Deadline): CompletableFuture<AddedBreakpoint> {
        if (kind.line < 1) return failed("invalid_location", "line ${kind.line} is not a line: lines are 1-based")
        val line0 = kind.line - 1
        return Async.onPooled { Files.resolve(kind.file) }
            .thenCompose { file ->
                Async.readOnPooled {
                    val type = XDebuggerUtil.getInstance().lineBreakpointTypes
                        .filter { it.canPutAt(file, line0, project) }
                        .maxByOrNull { it.priority }
                        ?: throw IdeError("invalid_location", "no breakpoint can be put at ${file.name}:${kind.line}")
                    val languageId = Files.language(file)?.id
                    val log = spec.logMessage?.let { LogMessages.toExpression(it, languageId) }
                    LinePlan(file, type, languageId, log)
                }
            }
            .thenCompose { plan ->
                Async.onEdt(deadline) {
                    WriteAction.compute<AddedBreakpoint, RuntimeException> {
                        val manager = manager(project)
                        val (bp, created) = creating(project, manager) { findOrAddLine(manager, plan, line0, spec.temporary) }
                        if (created) {
                            val language = Files.language(plan.file)
                            val ids = BreakpointIds.of(project)
                            val id = ids.id(bp)
                            ids.setMessage(id, spec.logMessage)
                            val logpoint = plan.logExpression?.let { Logpoint(it, language, spec.suspendPolicy) }
                            ids.setLogpoint(id, logpoint)
                            apply(bp, spec, language, logpoint)
                        }
                        val info = info(project, manager, bp) ?: throw IdeError("internal", "the new breakpoint cannot be read back")
                        AddedBreakpoint(info, created)
                    }
                }
            }
    }

    @Suppress("UNCHECKED_CAST")
    private fun findOrAddLine(manager: XBreakpointManager, plan: LinePlan, line0: Int, temporary: Boolean): XLineBreakpoint<*> {
        val type = plan.type as XLineBreakpointType<XBreakpointProperties<*>>
        val existing = manager.findBreakpointsAtLine(type, plan.file, line0).firstOrNull()
        if (existing != null) return existing
        return manager.addLineBreakpoint(type, plan.file.url, line0, type.createBreakpointProperties(plan.file, line0), temporary)
    }

    /**
     * [create]'s breakpoint, run in the caller's write action, and whether it is new to the bridge
     * (only a new one takes the agent's settings: one already listed, the user's own included, is
     * answered as it is, `already_exists`, as the standalone backend answers):
     * not among the breakpoints [list] showed before (an existing line breakpoint is found, not
     * made; a switched-off default such as Java's "Any exception" was not listed, so it is new).
     */
    private inline fun <B : XBreakpoint<*>> creating(project: Project, manager: XBreakpointManager, create: () -> B): Pair<B, Boolean> {
        val listed = manager.allBreakpoints.filterTo(HashSet()) { info(project, manager, it) != null }
        val bp = create()
        return bp to (bp !in listed)
    }

    private fun addException(project: Project, spec: BreakpointSpec, kind: BreakpointKind.Exception, deadline: Deadline): CompletableFuture<AddedBreakpoint> {
        if (spec.logMessage != null) {
            return failed("not_supported", "log messages are supported on line breakpoints only; this is an exception breakpoint")
        }
        return Async.onEdt(deadline) {
            val (support, type) = ExceptionBreakpoints.choose(kind.exceptionClass)
            WriteAction.compute<AddedBreakpoint, RuntimeException> {
                val manager = manager(project)
                val (bp, created) = creating(project, manager) { support.create(manager, type, kind) }
                if (created) {
                    apply(bp, spec.copy(logMessage = null), null, null)
                    BreakpointIds.of(project).setMessage(BreakpointIds.of(project).id(bp), null)
                }
                val info = info(project, manager, bp) ?: throw IdeError("internal", "the new ${support.language} exception breakpoint cannot be read back")
                AddedBreakpoint(info, created)
            }
        }
    }

    /**
     * Applies the common settings of [spec]. EDT, write action. An agent's [logpoint] suspends (on its
     * thread where the type can) with no log expression of the IDE's: the plugin evaluates the message
     * itself at the stop and resumes ([Logpoints]), since some debuggers
     * (PyCharm's) print the IDE's log expression to the console only, where the plugin cannot read it.
     * Before the project is saved on close, or the plugin unloads, [handOverLogpoints] makes it the IDE's own.
     */
    private fun apply(bp: XBreakpoint<*>, spec: BreakpointSpec, language: com.intellij.lang.Language?, logpoint: Logpoint?) {
        val util = XDebuggerUtil.getInstance()
        bp.isEnabled = spec.enabled
        bp.conditionExpression = spec.condition?.takeIf { it.isNotBlank() }?.let { util.createExpression(it, language, null, EvaluationMode.EXPRESSION) }
        bp.logExpressionObject = null
        bp.suspendPolicy = suspendable(bp, if (logpoint != null) XSuspendPolicy.THREAD else platform(spec.suspendPolicy))
        if (bp is XLineBreakpoint<*>) bp.isTemporary = spec.temporary
    }

    /**
     * Makes each agent logpoint of [project] the IDE's own logpoint: its log expression, suspending
     * nothing (an agent's logpoint never stops: [Logpoints] resumes at once). The platform saves every breakpoint in the
     * workspace (XBreakpointManagerImpl.saveState), and that a breakpoint is the agent's logpoint lives
     * only in [ids]: left as it runs ([apply]), it would come back after a restart as a breakpoint that
     * stops. EDT (project closing, plugin unload).
     */
    fun handOverLogpoints(project: Project, ids: BreakpointIds) {
        val taken = ids.takeLogpoints()
        if (taken.isEmpty()) return
        val present = manager(project).allBreakpoints.toSet()
        val util = XDebuggerUtil.getInstance()
        WriteAction.run<RuntimeException> {
            for ((bp, logpoint) in taken) {
                if (bp !in present) continue
                bp.logExpressionObject = util.createExpression(logpoint.expression, logpoint.language, null, EvaluationMode.EXPRESSION)
                bp.suspendPolicy = XSuspendPolicy.NONE
            }
        }
    }

    private fun suspendable(bp: XBreakpoint<*>, wanted: XSuspendPolicy): XSuspendPolicy =
        if (wanted == XSuspendPolicy.THREAD && !bp.type.isSuspendThreadSupported) XSuspendPolicy.ALL else wanted

    fun remove(project: Project, id: String, deadline: Deadline): CompletableFuture<Boolean> = Async.onEdt(deadline) {
        val ids = BreakpointIds.of(project)
        val bp = ids.find(id) ?: return@onEdt false
        val manager = manager(project)
        if (manager.allBreakpoints.none { it === bp }) {
            ids.forget(bp)
            return@onEdt false
        }
        WriteAction.run<RuntimeException> {
            // Built-in default breakpoints (Java's "Any exception") cannot be deleted: switch them off.
            if (manager.isDefaultBreakpoint(bp)) bp.isEnabled = false else manager.removeBreakpoint(bp)
        }
        true
    }

    fun wire(policy: XSuspendPolicy): WireSuspendPolicy = when (policy) {
        XSuspendPolicy.ALL -> WireSuspendPolicy.ALL
        XSuspendPolicy.THREAD -> WireSuspendPolicy.THREAD
        XSuspendPolicy.NONE -> WireSuspendPolicy.NONE
    }

    private fun platform(policy: WireSuspendPolicy): XSuspendPolicy = when (policy) {
        WireSuspendPolicy.ALL -> XSuspendPolicy.ALL
        WireSuspendPolicy.THREAD -> XSuspendPolicy.THREAD
        WireSuspendPolicy.NONE -> XSuspendPolicy.NONE
    }
}
