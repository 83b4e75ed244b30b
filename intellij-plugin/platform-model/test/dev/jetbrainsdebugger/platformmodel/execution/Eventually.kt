// A bounded wait for a condition another thread makes true (no timing is asserted).
package dev.jetbrainsdebugger.platformmodel.execution

import kotlin.test.fail

fun eventually(what: String, condition: () -> Boolean) {
    val deadline = System.nanoTime() + 20_000_000_000L
    while (!condition()) {
        if (System.nanoTime() > deadline) fail("still not true after 20 s: $what")
        Thread.sleep(10)
    }
}
