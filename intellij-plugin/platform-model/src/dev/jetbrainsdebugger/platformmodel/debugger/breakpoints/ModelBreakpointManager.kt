// A project's breakpoints (XBreakpointManagerImpl, xdebugger-impl, index file id 1449182840,
// (c) 2000-2025): added, found and removed through the public XBreakpointManager API from any
// thread under the manager's own lock (withLockMaybeCancellable(myLock)), no write action or EDT
// required; every add/change/remove published as XBreakpointListener on the project bus on the
// caller's thread (sendBreakpointEvent: the EDT for a user's click, the debugger's thread when a
// hit temporary breakpoint goes, a pooled thread or coroutine elsewhere); the built-in default
// breakpoints each type declares (createDefaultBreakpoint). A change made on the EDT must be
// write-safe (TransactionGuard.kt).
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
