package dev.jetbrainsdebugger.sessions

import dev.jetbrainsdebugger.eventually
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Future
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertSame

class DebugLaunchMatcherTest {
    private class Handler(val name: String)

    /** The owner's timer: a queue the test can look into. */
    private class TestTimers {
        val executor = ScheduledThreadPoolExecutor(1).apply { removeOnCancelPolicy = true }

        fun after(ms: Long, block: () -> Unit): Future<*> = executor.schedule(block, ms, TimeUnit.MILLISECONDS)
    }

    private val timers = TestTimers()

    @AfterEach
    fun stopTimers() {
        timers.executor.shutdownNow()
    }

    @Test
    fun `a debugger claimed by its launch or forgotten leaves no timer behind`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 60_000, later = timers::after)
        val claimed = Handler("claimed")
        val forgotten = Handler("forgotten")
        matcher.debuggerSeen(claimed, "debugger 1") { error("must not be released") }
        matcher.debuggerSeen(forgotten, "debugger 2") { error("must not be released") }
        assertEquals(2, timers.executor.queue.size)
        matcher.launchSeen(claimed, "launch 1")
        matcher.forget(forgotten)
        assertEquals(0, timers.executor.queue.size, "a pending grace timer holds the debugger for a minute")
    }

    @Test
    fun `a debugger seen first is claimed by its launch and never released`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 50, later = timers::after)
        val h = Handler("p1")
        val released = CopyOnWriteArrayList<String>()
        assertNull(matcher.debuggerSeen(h, "debugger 1") { released += it })
        assertEquals("debugger 1", matcher.launchSeen(h, "launch 1"))
        Thread.sleep(150)
        assertEquals(emptyList(), released.toList())
    }

    @Test
    fun `a launch seen first is returned to its debugger`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 50, later = timers::after)
        val h = Handler("p1")
        assertNull(matcher.launchSeen(h, "launch 1"))
        assertEquals("launch 1", matcher.debuggerSeen(h, "debugger 1") { error("must not be released") })
    }

    @Test
    fun `handlers are told apart by identity, not equality`() {
        val matcher = DebugLaunchMatcher<String, String, String>(graceMs = 10_000, later = timers::after)
        val a = String("same".toCharArray())
        val b = String("same".toCharArray())
        matcher.launchSeen(a, "launch A")
        assertNull(matcher.debuggerSeen(b, "debugger B") { })
        assertSame("launch A", matcher.debuggerSeen(a, "debugger A") { })
    }

    @Test
    fun `a debugger without a launch is released once after the grace period`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 20, later = timers::after)
        val h = Handler("attached")
        val released = CopyOnWriteArrayList<String>()
        matcher.debuggerSeen(h, "debugger") { released += it }
        eventually(what = "the release") { released.isNotEmpty() }
        Thread.sleep(60)
        assertEquals(listOf("debugger"), released.toList())
        assertNull(matcher.launchSeen(h, "late launch"), "a released debugger is not claimed again")
    }

    @Test
    fun `forget drops both sides`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 10_000, later = timers::after)
        val h = Handler("p")
        matcher.launchSeen(h, "launch")
        matcher.forget(h)
        assertNull(matcher.debuggerSeen(h, "debugger") { })
    }
}
