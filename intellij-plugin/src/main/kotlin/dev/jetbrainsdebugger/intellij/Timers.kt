package dev.jetbrainsdebugger.intellij

import java.util.concurrent.Future
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.TimeUnit

/**
 * The plugin's one timer thread: every delay the IntelliJ half waits for (a bridge call's
 * deadline, a presentation's wait, a launch's pairing grace, a stopped session's last word)
 * runs here, and nowhere else. The JDK's shared `CompletableFuture.delayedExecutor` would keep
 * a pending task, and with it the plugin's classes, alive for up to two minutes after the
 * plugin is unloaded, which makes the IDE ask for a restart; this executor is the plugin's own,
 * cancelled tasks leave its queue at once, and [close] (the bridge service's disposal) stops
 * it. After [close] a new timer starts the thread again, which only a model test that loads the
 * plugin's classes twice in one JVM does.
 */
internal object Timers {
    private var executor: ScheduledThreadPoolExecutor? = null // guarded by this

    /** Runs [block] on the timer thread after [ms] milliseconds, unless the returned future is cancelled first. */
    fun after(ms: Long, block: () -> Unit): Future<*> {
        val runner = synchronized(this) {
            executor ?: ScheduledThreadPoolExecutor(1) { r -> Thread(r, THREAD_NAME).apply { isDaemon = true } }
                .apply { removeOnCancelPolicy = true }
                .also { executor = it }
        }
        return runner.schedule({
            try {
                block()
            } catch (t: Throwable) {
                IntellijLog.warn("a Debugger MCP timer failed", t)
            }
        }, ms, TimeUnit.MILLISECONDS)
    }

    /** Drops every pending timer; the thread ends once a timer that is running returns (it does not wait: it runs on the EDT). */
    fun close() {
        synchronized(this) { executor.also { executor = null } }?.shutdownNow()
    }

    private const val THREAD_NAME = "Debugger MCP timers"
}
