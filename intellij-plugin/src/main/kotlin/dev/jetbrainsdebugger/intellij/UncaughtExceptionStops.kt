package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.WriteAction
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.breakpoints.XBreakpoint

/**
 * Break on uncaught exceptions for one launch. Where none of the enabled exception breakpoints of
 * the session's language already stops at uncaught exceptions, the language's support adds one
 * before the launch; it belongs to the launches that asked for it and is removed when the last of
 * them ends, so the user's own breakpoints are never changed. It is the launch's, not a breakpoint
 * of the agent's or the user's: the bridge neither lists it nor reports it ([BreakpointIds.isLaunchOwned]).
 * Taking and giving back happen on the EDT, so they keep their order.
 */
internal class UncaughtExceptionStops {
    private class Held(val project: Project, val breakpoint: XBreakpoint<*>, val launches: MutableSet<Long>)

    /** By project and breakpoint type id; EDT only. */
    private val held = HashMap<Pair<Project, String>, Held>()

    /** The breakpoint each launch holds; EDT only. */
    private val byLaunch = HashMap<Long, Pair<Project, String>>()

    /**
     * EDT, write-safe. Whether launch [executionId], of a configuration in [language], stops at
     * uncaught exceptions: false where the language has no exception breakpoint type this plugin can use.
     */
    fun take(project: Project, language: String?, executionId: Long): Boolean {
        val support = ExceptionBreakpoints.ofSessionLanguage(language) ?: return false
        val type = ExceptionBreakpoints.type(support.typeId) ?: return false
        val key = project to support.typeId
        held[key]?.let {
            it.launches += executionId
            byLaunch[executionId] = key
            return true
        }
        val manager = Breakpoints.manager(project)
        if (manager.allBreakpoints.any { it.isEnabled && it.type.id == support.typeId && support.stopsAtUncaught(it) }) return true
        val breakpoint = WriteAction.compute<XBreakpoint<*>, RuntimeException> { support.addUncaught(manager, type) }
        // The facade reports a breakpoint's addition later on the EDT, by which time it is known as the launch's.
        BreakpointIds.of(project).ownByLaunch(breakpoint)
        held[key] = Held(project, breakpoint, mutableSetOf(executionId))
        byLaunch[executionId] = key
        return true
    }

    /** Any thread: launch [executionId] ended or never started; the last launch holding a breakpoint removes it. */
    fun giveBack(executionId: Long) = Async.later {
        val key = byLaunch.remove(executionId) ?: return@later
        val h = held[key] ?: return@later
        h.launches -= executionId
        if (h.launches.isNotEmpty()) return@later
        held.remove(key)
        if (h.project.isDisposed) return@later
        val manager = Breakpoints.manager(h.project)
        if (manager.allBreakpoints.any { it === h.breakpoint }) WriteAction.run<RuntimeException> { manager.removeBreakpoint(h.breakpoint) }
    }
}
