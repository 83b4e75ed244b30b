package dev.jetbrainsdebugger.sessions

import dev.jetbrainsdebugger.eventually
import org.junit.jupiter.api.Test
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertSame

class DebugLaunchMatcherTest {
    private class Handler(val name: String)

    @Test
    fun `a debugger seen first is claimed by its launch and never released`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 50)
        val h = Handler("p1")
        val released = CopyOnWriteArrayList<String>()
        assertNull(matcher.debuggerSeen(h, "debugger 1") { released += it })
        assertEquals("debugger 1", matcher.launchSeen(h, "launch 1"))
        Thread.sleep(150)
        assertEquals(emptyList(), released.toList())
    }

    @Test
    fun `a launch seen first is returned to its debugger`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 50)
        val h = Handler("p1")
        assertNull(matcher.launchSeen(h, "launch 1"))
        assertEquals("launch 1", matcher.debuggerSeen(h, "debugger 1") { error("must not be released") })
    }

    @Test
    fun `handlers are told apart by identity, not equality`() {
        val matcher = DebugLaunchMatcher<String, String, String>(graceMs = 10_000)
        val a = String("same".toCharArray())
        val b = String("same".toCharArray())
        matcher.launchSeen(a, "launch A")
        assertNull(matcher.debuggerSeen(b, "debugger B") { })
        assertSame("launch A", matcher.debuggerSeen(a, "debugger A") { })
    }

    @Test
    fun `a debugger without a launch is released once after the grace period`() {
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 20)
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
        val matcher = DebugLaunchMatcher<Handler, String, String>(graceMs = 10_000)
        val h = Handler("p")
        matcher.launchSeen(h, "launch")
        matcher.forget(h)
        assertNull(matcher.debuggerSeen(h, "debugger") { })
    }
}
