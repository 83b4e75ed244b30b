// A project's breakpoints (XBreakpointManagerImpl, xdebugger-impl, index file id 1449182840,
// (c) 2000-2025): added, found and removed through the public XBreakpointManager API from any
// thread under the manager's own lock (withLockMaybeCancellable(myLock)), no write action or EDT
// required; every add/change/remove published as XBreakpointListener on the project bus on the
// caller's thread (sendBreakpointEvent: the EDT for a user's click, the debugger's thread when a
// hit temporary breakpoint goes, a pooled thread or coroutine elsewhere); the built-in default
// breakpoints each type declares (createDefaultBreakpoint). A change made on the EDT must be
// write-safe (TransactionGuard.kt). Saved in the project's workspace and loaded back as upstream's
// saveState/loadState do: every breakpoint that is not a default one, each default one only when
// its type's defaults differ from a fresh default, as the state the breakpoint has (enabled, suspend
// policy, condition, log expression, temporary, file and line); loading replaces what the manager
// holds and publishes no event (the first load happens before myFirstLoadDone).
package dev.jetbrainsdebugger.platformmodel.debugger.breakpoints

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointListener
import com.intellij.xdebugger.breakpoints.XBreakpointManager
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XBreakpointType
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

class ModelBreakpointManager(private val project: ModelProject) : XBreakpointManager {
    private val breakpoints = CopyOnWriteArrayList<XBreakpoint<*>>()
    private val defaults = CopyOnWriteArrayList<XBreakpoint<*>>()

    /** XBreakpointManagerImpl.myLock. */
    private val lock = ReentrantLock()

    init {
        @Suppress("UNCHECKED_CAST")
        for (type in XBreakpointType.EXTENSION_POINT_NAME.extensionList) {
            val spec = type as? DefaultBreakpointSpec<XBreakpointProperties<*>> ?: continue
            val bp = ModelBreakpoint(type as XBreakpointType<*, XBreakpointProperties<*>>, spec.defaultProperties(), ::changed)
            bp.initEnabled(spec.defaultEnabled)
            defaults += bp
            breakpoints += bp
        }
    }

    /** XBreakpointManagerImpl.saveState: the breakpoints' states for the workspace. */
    fun saveState(): List<SavedBreakpoint> = lock.withLock {
        val changedTypes = defaults.filter(::differsFromDefault).map { it.type }.toSet()
        defaults.filter { it.type in changedTypes }.map { SavedBreakpoint.of(it, isDefault = true) } +
            breakpoints.filter { it !in defaults }.map { SavedBreakpoint.of(it, isDefault = false) }
    }

    /** Upstream compares the serialised states; the model compares what a default breakpoint can change here (its properties are left out). */
    private fun differsFromDefault(bp: XBreakpoint<*>): Boolean =
        bp.isEnabled != (bp.type as DefaultBreakpointSpec<*>).defaultEnabled || bp.suspendPolicy != bp.type.defaultSuspendPolicy ||
            bp.conditionExpression != null || bp.logExpressionObject != null

    /** XBreakpointManagerImpl.loadState: the saved breakpoints replace the current ones; the first load publishes nothing. */
    fun loadState(saved: List<SavedBreakpoint>) = lock.withLock {
        breakpoints.removeIf { it !in defaults }
        for (state in saved) {
            val type = XBreakpointType.EXTENSION_POINT_NAME.extensionList.firstOrNull { it.id == state.typeId } ?: continue // upstream: LOG.warn("Unknown breakpoint type")
            val bp = if (state.isDefault) defaults.firstOrNull { it.type === type } ?: continue else state.create(type, ::changed)
            state.restoreInto(bp as ModelBreakpoint<*>)
            if (!state.isDefault) breakpoints += bp
        }
    }

    override fun <T : XBreakpointProperties<*>> addBreakpoint(type: XBreakpointType<XBreakpoint<T>, T>, properties: T?): XBreakpoint<T> {
        assertWriteSafe()
        val bp = ModelBreakpoint(type, properties, ::changed)
        lock.withLock { breakpoints += bp }
        listeners().breakpointAdded(bp)
        return bp
    }

    override fun <T : XBreakpointProperties<*>> addLineBreakpoint(
        type: XLineBreakpointType<T>,
        fileUrl: String,
        line: Int,
        properties: T?,
        temporary: Boolean,
    ): XLineBreakpoint<T> {
        assertWriteSafe()
        val bp = ModelLineBreakpoint(type, properties, fileUrl, line, temporary, ::changed)
        lock.withLock { breakpoints += bp }
        listeners().breakpointAdded(bp)
        return bp
    }

    /** Upstream (doRemoveBreakpoint): removing a default breakpoint only disables it; the event fires under the lock. */
    override fun removeBreakpoint(breakpoint: XBreakpoint<*>) {
        assertWriteSafe()
        lock.withLock {
            if (isDefaultBreakpoint(breakpoint)) {
                breakpoint.isEnabled = false
            } else if (breakpoints.remove(breakpoint)) {
                listeners().breakpointRemoved(breakpoint)
            }
        }
    }

    override fun getAllBreakpoints(): Array<XBreakpoint<*>> = breakpoints.toTypedArray()

    @Suppress("UNCHECKED_CAST")
    override fun <B : XLineBreakpoint<P>, P : XBreakpointProperties<*>> findBreakpointsAtLine(
        type: XLineBreakpointType<P>,
        file: VirtualFile,
        line: Int,
    ): Collection<B> = breakpoints.filterIsInstance<XLineBreakpoint<*>>()
        .filter { it.type === type && it.line == line && it.fileUrl == file.url } as Collection<B>

    override fun isDefaultBreakpoint(breakpoint: XBreakpoint<*>): Boolean = defaults.any { it === breakpoint }

    @Suppress("UNCHECKED_CAST")
    override fun <B : XBreakpoint<*>> getDefaultBreakpoints(type: XBreakpointType<B, *>): Set<B> =
        defaults.filter { it.type === type }.toSet() as Set<B>

    /** The line breakpoints at [fileUrl]:[line] (0-based), for the running debuggers. */
    fun lineBreakpointsAt(fileUrl: String, line: Int): List<XLineBreakpoint<*>> =
        breakpoints.filterIsInstance<XLineBreakpoint<*>>().filter { it.line == line && it.fileUrl == fileUrl }

    private fun changed(bp: ModelBreakpoint<*>) {
        if (!breakpoints.contains(bp)) return
        assertWriteSafe()
        listeners().breakpointChanged(bp)
    }

    @Suppress("UNCHECKED_CAST")
    private fun listeners(): XBreakpointListener<XBreakpoint<*>> =
        project.publisher(XBreakpointListener::class.java) as XBreakpointListener<XBreakpoint<*>>

    private fun assertWriteSafe() = (ApplicationManager.getApplication() as ModelApplication).assertWriteSafe("a breakpoint change")
}

/**
 * A breakpoint as the workspace keeps it (BreakpointState / LineBreakpointState): [properties] is
 * the type's properties object itself, where upstream serialises its getState().
 */
data class SavedBreakpoint(
    val typeId: String,
    val isDefault: Boolean,
    val enabled: Boolean,
    val suspendPolicy: com.intellij.xdebugger.breakpoints.SuspendPolicy,
    val condition: com.intellij.xdebugger.XExpression?,
    val logExpression: com.intellij.xdebugger.XExpression?,
    val fileUrl: String?,
    val line: Int,
    val temporary: Boolean,
    val properties: XBreakpointProperties<*>?,
) {
    @Suppress("UNCHECKED_CAST")
    internal fun create(type: XBreakpointType<*, *>, changed: (ModelBreakpoint<*>) -> Unit): ModelBreakpoint<*> {
        val props = properties as XBreakpointProperties<*>?
        return if (fileUrl != null && type is XLineBreakpointType<*>) {
            ModelLineBreakpoint(type as XLineBreakpointType<XBreakpointProperties<*>>, props, fileUrl, line, temporary, changed)
        } else {
            ModelBreakpoint(type as XBreakpointType<*, XBreakpointProperties<*>>, props, changed)
        }
    }

    /** Sets the saved state on [bp] before the manager holds it (so no change is published). */
    internal fun restoreInto(bp: ModelBreakpoint<*>) {
        bp.isEnabled = enabled
        bp.suspendPolicy = suspendPolicy
        bp.conditionExpression = condition
        bp.logExpressionObject = logExpression
    }

    companion object {
        fun of(bp: XBreakpoint<*>, isDefault: Boolean): SavedBreakpoint {
            val line = bp as? XLineBreakpoint<*>
            return SavedBreakpoint(
                bp.type.id, isDefault, bp.isEnabled, bp.suspendPolicy, bp.conditionExpression, bp.logExpressionObject,
                line?.fileUrl, line?.line ?: -1, line?.isTemporary ?: false, bp.properties,
            )
        }
    }
}
