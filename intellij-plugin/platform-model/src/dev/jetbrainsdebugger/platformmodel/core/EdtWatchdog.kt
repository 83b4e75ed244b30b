// Detects a blocked EDT. The platform does not fail on it, it freezes (and its freeze reporter
// tells the user); a test must fail instead. Every few milliseconds the watchdog looks at the
// EDT: waiting, sleeping or blocked on a lock anywhere but in the AWT event pump
// (EventQueue.getNextEvent, also the pump of a modal dialog's nested loop) for longer than
// THRESHOLD_MS is a violation, reported once per episode with the EDT's stack.
package dev.jetbrainsdebugger.platformmodel.core

internal class EdtWatchdog(
    private val edt: () -> Thread?,
    private val report: (message: String, stack: List<StackTraceElement>) -> Unit,
) {
    companion object {
        const val THRESHOLD_MS = 300L
        private const val SAMPLE_MS = 10L
    }

    @Volatile private var running = true
    private val thread = Thread(::watch, "model EDT watchdog").apply { isDaemon = true }

    fun start() = thread.start()

    fun stop() {
        running = false
        thread.interrupt()
    }

    private fun watch() {
        var blockedSince = 0L
        var reported = false
        while (running) {
            try {
                Thread.sleep(SAMPLE_MS)
            } catch (_: InterruptedException) {
                return
            }
            val t = edt() ?: continue
            val stack = t.stackTrace.toList()
            val waiting = t.state == Thread.State.WAITING || t.state == Thread.State.TIMED_WAITING || t.state == Thread.State.BLOCKED
            val inPump = stack.take(16).any { it.className == "java.awt.EventQueue" && it.methodName == "getNextEvent" }
            if (!waiting || inPump || stack.isEmpty()) {
                blockedSince = 0L
                reported = false
                continue
            }
            val now = System.nanoTime()
            if (blockedSince == 0L) blockedSince = now
            if (!reported && (now - blockedSince) / 1_000_000 >= THRESHOLD_MS) {
                reported = true
                report("the EDT has been ${t.state} outside the event pump for over $THRESHOLD_MS ms (a UI freeze in the IDE)", stack)
            }
        }
    }
}
