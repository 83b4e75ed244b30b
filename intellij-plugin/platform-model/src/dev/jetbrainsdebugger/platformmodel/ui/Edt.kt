// How the ui model's test-facing helpers reach the EDT from a test thread: work queued in any
// modality (as a user's click is dispatched inside a modal dialog's event loop), waited for
// with a bound.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

const val WAIT_SECONDS = 10L

/** The running model's application (the platform's ApplicationManager answers it). */
internal fun modelApplication(): ModelApplication = ApplicationManager.getApplication() as ModelApplication

/** Runs [block] on the EDT in any modality and waits for it (at most [WAIT_SECONDS]); never call it on the EDT. */
internal fun <T> onEdtAnyModality(block: () -> T): T {
    check(!java.awt.EventQueue.isDispatchThread()) { "onEdtAnyModality would block the EDT" }
    val result = CompletableFuture<T>()
    ApplicationManager.getApplication().invokeLater({
        try {
            result.complete(block())
        } catch (t: Throwable) {
            result.completeExceptionally(t)
        }
    }, ModalityState.any())
    return result.get(WAIT_SECONDS, TimeUnit.SECONDS)
}

/** Waits (bounded) until [probe] gives a value; for what other threads record. */
fun <T : Any> awaitValue(what: String, probe: () -> T?): T {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS)
    while (true) {
        probe()?.let { return it }
        if (System.nanoTime() > deadline) throw AssertionError("no $what within $WAIT_SECONDS s")
        Thread.sleep(10)
    }
}
