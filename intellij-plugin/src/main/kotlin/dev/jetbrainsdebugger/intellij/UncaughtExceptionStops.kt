package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.WriteAction
import com.intellij.openapi.project.Project
import com.intellij.xdebugger.breakpoints.XBreakpoint
import dev.jetbrainsdebugger.ide.IdeError
import java.util.concurrent.ConcurrentHashMap

/**
 * Break on uncaught exceptions, and where a test fails, for one launch. Where none of the enabled
 * exception breakpoints of the session's language already does it, the language's support adds one
 * before the launch; it belongs to the launches that asked for it and is removed when the last of
 * them ends, so the user's own breakpoints are never changed. It is the launch's, not a breakpoint
 * of the agent's or the user's: the bridge neither lists it nor reports it ([BreakpointIds.isLaunchOwned]).
 * Taking and giving back happen on the EDT, so they keep their order.
 */
internal class UncaughtExceptionStops {
    /** What a launch's breakpoint stops at. */
    enum class Purpose { UNCAUGHT, TEST_FAILURE }

    private data class Key(val project: Project, val typeId: String, val purpose: Purpose)

    private class Held(val project: Project, val breakpoint: XBreakpoint<*>, val launches: MutableSet<Long>)

    /** EDT only. */
    private val held = HashMap<Key, Held>()

    /** The breakpoints each launch holds; EDT only. */
    private val byLaunch = HashMap<Long, MutableList<Key>>()

    /** Test launches whose failing tests are reported as such ([PauseAttribution]); any thread. */
    private val testLaunches = ConcurrentHashMap.newKeySet<Long>()

    /**
     * EDT, write-safe. Whether launch [executionId], of a configuration in [language], stops at
     * uncaught exceptions: false where the language has no exception breakpoint type this plugin can use.
     */
    fun take(project: Project, language: String?, executionId: Long): Boolean = hold(project, language, executionId, Purpose.UNCAUGHT) == null

    /**
     * EDT, write-safe. Launch [executionId] runs tests in [language]: it stops where a test fails
     * (null), or the answer says why it cannot. Its failing tests are reported as such either way,
     * where the debugger stops at them by itself.
     */
    fun takeTestFailures(project: Project, language: String?, executionId: Long): String? {
        testLaunches += executionId
        return hold(project, language, executionId, Purpose.TEST_FAILURE)
    }

    /** Any thread: whether launch [executionId] runs tests and asked to stop where they fail. */
    fun isTestLaunch(executionId: Long?): Boolean = executionId != null && executionId in testLaunches

    /** Null when held (or the user's own breakpoint does it), else why not. */
    private fun hold(project: Project, language: String?, executionId: Long, purpose: Purpose): String? {
        val support = ExceptionBreakpoints.ofSessionLanguage(language)
            ?: return "the IDE has no exception breakpoints the plugin can use for ${language ?: "this configuration's language"}"
        val type = ExceptionBreakpoints.type(support.typeId) ?: return "the IDE has no ${support.language} exception breakpoints"
        val key = Key(project, support.typeId, purpose)
        held[key]?.let {
            it.launches += executionId
            byLaunch.getOrPut(executionId) { mutableListOf() } += key
            return null
        }
        val manager = Breakpoints.manager(project)
        val covers: (XBreakpoint<*>) -> Boolean = when (purpose) {
            Purpose.UNCAUGHT -> support::stopsAtUncaught
            Purpose.TEST_FAILURE -> support::stopsAtTestFailure
        }
        if (manager.allBreakpoints.any { it.isEnabled && it.type.id == support.typeId && covers(it) }) return null
        val breakpoint = try {
            WriteAction.compute<XBreakpoint<*>, RuntimeException> {
                when (purpose) {
                    Purpose.UNCAUGHT -> support.addUncaught(manager, type)
                    Purpose.TEST_FAILURE -> support.addTestFailure(manager, type)
                }
            }
        } catch (e: IdeError) {
            return e.message
        }
        // The facade reports a breakpoint's addition later on the EDT, by which time it is known as the launch's.
        BreakpointIds.of(project).ownByLaunch(breakpoint)
        held[key] = Held(project, breakpoint, mutableSetOf(executionId))
        byLaunch.getOrPut(executionId) { mutableListOf() } += key
        return null
    }

    /** Any thread: launch [executionId] ended or never started; the last launch holding a breakpoint removes it. */
    fun giveBack(executionId: Long) = Async.later {
        testLaunches -= executionId
        for (key in byLaunch.remove(executionId).orEmpty()) {
            val h = held[key] ?: continue
            h.launches -= executionId
            if (h.launches.isNotEmpty()) continue
            held.remove(key)
            if (h.project.isDisposed) continue
            val manager = Breakpoints.manager(h.project)
            if (manager.allBreakpoints.any { it === h.breakpoint }) WriteAction.run<RuntimeException> { manager.removeBreakpoint(h.breakpoint) }
        }
    }
}
