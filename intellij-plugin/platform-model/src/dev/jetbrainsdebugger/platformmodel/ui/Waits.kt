// The ui model's helpers for test threads: the running application, and bounded waits for what
// other threads record.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.application.ApplicationManager
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import java.util.concurrent.TimeUnit

const val WAIT_SECONDS = 10L

/** The running model's application (the platform's ApplicationManager answers it). */
internal fun modelApplication(): ModelApplication = ApplicationManager.getApplication() as ModelApplication

/** Waits (bounded) until [probe] gives a value; for what other threads record. */
fun <T : Any> awaitValue(what: String, probe: () -> T?): T {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS)
    while (true) {
        probe()?.let { return it }
        if (System.nanoTime() > deadline) throw AssertionError("no $what within $WAIT_SECONDS s")
        Thread.sleep(10)
    }
}
