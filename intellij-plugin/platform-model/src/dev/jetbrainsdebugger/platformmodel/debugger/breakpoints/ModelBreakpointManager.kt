// A project's breakpoints (XBreakpointManagerImpl): added, found and removed through the
// public XBreakpointManager API, mutations inside a write action (the platform's breakpoint
// model is written under the write lock; callers such as XDebuggerUtilImpl.toggleLineBreakpoint
// wrap them in WriteAction), every add/change/remove published as XBreakpointListener on the
// project bus, and the built-in default breakpoints each type declares (createDefaultBreakpoint).
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
import dev.jetbrainsdebugger.platformmodel.core.ThreadingViolationException
import dev.jetbrainsdebugger.platformmodel.core.ViolationKind
import java.util.concurrent.CopyOnWriteArrayList

class ModelBreakpointManager(private val project: ModelProject) : XBreakpointManager {
    private val breakpoints = CopyOnWriteArrayList<XBreakpoint<*>>()
    private val defaults = CopyOnWriteArrayList<XBreakpoint<*>>()

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
        assertWriteAccess()
        val bp = ModelBreakpoint(type, properties, ::changed)
        breakpoints += bp
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
        assertWriteAccess()
        val bp = ModelLineBreakpoint(type, properties, fileUrl, line, temporary, ::changed)
        breakpoints += bp
        listeners().breakpointAdded(bp)
        return bp
    }

    /** Upstream: removing a default breakpoint only disables it. */
    override fun removeBreakpoint(breakpoint: XBreakpoint<*>) {
        assertWriteAccess()
        if (isDefaultBreakpoint(breakpoint)) {
            breakpoint.isEnabled = false
            return
        }
        if (breakpoints.remove(breakpoint)) listeners().breakpointRemoved(breakpoint)
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
        if (breakpoints.contains(bp)) listeners().breakpointChanged(bp)
    }

    @Suppress("UNCHECKED_CAST")
    private fun listeners(): XBreakpointListener<XBreakpoint<*>> =
        project.publisher(XBreakpointListener::class.java) as XBreakpointListener<XBreakpoint<*>>

    /** Application.assertWriteAccessAllowed: the breakpoint model changes under the write lock only. */
    private fun assertWriteAccess() {
        val app = ApplicationManager.getApplication() as ModelApplication
        if (!app.isWriteAccessAllowed) {
            val message = "Write access is allowed inside write-action only (see Application.runWriteAction()): breakpoints changed outside one"
            app.reportViolation(ViolationKind.WRITE_OFF_EDT, message)
            throw ThreadingViolationException(message)
        }
    }
}
