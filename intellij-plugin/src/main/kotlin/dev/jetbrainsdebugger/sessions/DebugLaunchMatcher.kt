package dev.jetbrainsdebugger.sessions

import java.util.IdentityHashMap
import java.util.concurrent.Future

/**
 * Pairs a debugger with the launch that started it. On 2025.2 an XDebugSession does not say
 * which ExecutionEnvironment started it (getExecutionEnvironment() arrives in 2025.3); the
 * process handler does: ExecutionListener reports (environment, handler) and the debugger's
 * XDebugProcess.getProcessHandler() is the same object. The platform usually tells the debugger
 * first (XDebuggerManagerListener.processStarted, then ExecutionListener.processStarting), but
 * either order is handled. A debugger whose launch is not reported within the grace period (one
 * not started from a run configuration) is handed back on its own, once. The grace period runs
 * on [later] (the owner's timer, which its owner stops when it goes away); a debugger that is
 * claimed or forgotten cancels its timer.
 */
class DebugLaunchMatcher<H : Any, L : Any, D : Any>(
    private val graceMs: Long,
    private val later: (ms: Long, block: () -> Unit) -> Future<*>,
) {
    private val launches = IdentityHashMap<H, L>()
    private val parked = IdentityHashMap<H, D>()
    private val timers = IdentityHashMap<H, Future<*>>()

    /**
     * A launch started [handler]. Returns the debugger already seen for it (now claimed), or null;
     * a debugger that arrives later is matched to [launch] by [debuggerSeen].
     */
    fun launchSeen(handler: H, launch: L): D? = synchronized(this) {
        launches[handler] = launch
        timers.remove(handler)?.cancel(false)
        parked.remove(handler)
    }

    /**
     * A debugger runs [handler]. Returns the launch already seen for it, or null; then the
     * debugger waits for its launch and, if none comes within the grace period, [unmatched] is
     * called with it (on the timer's thread), once.
     */
    fun debuggerSeen(handler: H, debugger: D, unmatched: (D) -> Unit): L? {
        synchronized(this) {
            launches[handler]?.let { return it }
            parked[handler] = debugger
            timers.remove(handler)?.cancel(false)
            timers[handler] = later(graceMs) {
                val released = synchronized(this) {
                    if (parked[handler] === debugger) parked.remove(handler).also { timers.remove(handler) } else null
                }
                if (released != null) unmatched(released)
            }
        }
        return null
    }

    /** The process of [handler] is over: nothing more will be matched to it. */
    fun forget(handler: H) = synchronized(this) {
        launches.remove(handler)
        parked.remove(handler)
        timers.remove(handler)?.cancel(false)
        Unit
    }
}
