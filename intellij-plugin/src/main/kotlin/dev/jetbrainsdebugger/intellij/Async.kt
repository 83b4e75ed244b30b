// How the IntelliJ half moves work between threads. Every IdeFacade call returns at once
// with a CompletableFuture; the work runs here:
//  - onEdt: the event dispatch thread, scheduled with ModalityState.any() so that it runs
//    even while a modal dialog is open (invokeAndWait and the default modality hang behind
//    dialogs). Execution control, launch, frame selection and breakpoint mutation go here.
//  - readOnPooled: a pooled thread inside a non-blocking read action (restarted, never
//    blocking, when a write action comes), for PSI/VFS/breakpoint-model reads.
//  - onPooled: a pooled thread without a read action (VFS refresh, waiting).
// Nothing here ever blocks the EDT: a step that needs the result of another one chains on
// the future instead of waiting for it. Every future gets a deadline ([within]); IntelliJ
// callbacks complete it once (CompletableFuture ignores later completions), and a late
// callback after the deadline is dropped.
package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.application.ReadAction
import dev.jetbrainsdebugger.ide.IdeError
import java.util.concurrent.Callable
import java.util.concurrent.CancellationException
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit

internal object Async {
    /** Runs [block] on the EDT in any modality; the future completes with its result. */
    fun <T> onEdt(block: () -> T): CompletableFuture<T> {
        val future = CompletableFuture<T>()
        ApplicationManager.getApplication().invokeLater({ complete(future, block) }, ModalityState.any())
        return future
    }

    /** Runs [block] on the EDT and completes with the future it returns (for IntelliJ callbacks started there). */
    fun <T> onEdtAsync(block: () -> CompletableFuture<T>): CompletableFuture<T> =
        onEdt(block).thenCompose { it }

    /**
     * Runs [block] in a non-blocking read action on a pooled thread. The platform restarts the
     * block when a write action interrupts it (it throws a CancellationException then, which is
     * let through); any other failure is carried out of the read action unchanged.
     */
    fun <T> readOnPooled(block: () -> T): CompletableFuture<T> = onPooled {
        val outcome = ReadAction.nonBlocking(Callable<Outcome<T>> {
            try {
                Outcome(block(), null)
            } catch (e: CancellationException) {
                throw e
            } catch (t: Throwable) {
                Outcome(null, t)
            }
        }).executeSynchronously()
        outcome.error?.let { throw it }
        @Suppress("UNCHECKED_CAST")
        outcome.value as T
    }

    private class Outcome<T>(val value: T?, val error: Throwable?)

    /** Runs [block] on a pooled thread, outside any read action. */
    fun <T> onPooled(block: () -> T): CompletableFuture<T> {
        val future = CompletableFuture<T>()
        ApplicationManager.getApplication().executeOnPooledThread { complete(future, block) }
        return future
    }

    /** Schedules [block] on the EDT without waiting for anything (fire and forget, any modality). */
    fun later(block: () -> Unit) {
        ApplicationManager.getApplication().invokeLater({
            try {
                block()
            } catch (t: Throwable) {
                IntellijLog.warn("EDT task failed", t)
            }
        }, ModalityState.any())
    }

    private fun <T> complete(future: CompletableFuture<T>, block: () -> T) {
        if (future.isDone) return
        try {
            future.complete(block())
        } catch (t: Throwable) {
            future.completeExceptionally(t)
        }
    }
}

/**
 * Completes this future with the `timeout` tool error when it is not done within [ms]
 * milliseconds. The IntelliJ operation itself keeps going (there is no way to take back a
 * step); only the answer is given up, and a later result is ignored.
 */
internal fun <T> CompletableFuture<T>.within(ms: Long, what: String): CompletableFuture<T> {
    if (!isDone) {
        CompletableFuture.delayedExecutor(ms, TimeUnit.MILLISECONDS).execute {
            completeExceptionally(IdeError("timeout", "$what did not finish within ${ms / 1000.0} s"))
        }
    }
    return this
}

/** The same outcome, with the CompletionException/ExecutionException wrappers of chained stages removed. */
internal fun <T> CompletableFuture<T>.unwrapped(): CompletableFuture<T> {
    val out = CompletableFuture<T>()
    whenComplete { value, error ->
        if (error == null) out.complete(value) else out.completeExceptionally(unwrap(error))
    }
    return out
}

internal fun unwrap(t: Throwable): Throwable {
    var e = t
    while ((e is CompletionException || e is ExecutionException) && e.cause != null) e = e.cause!!
    return e
}

internal fun <T> failed(code: String, message: String, details: Map<String, Any?> = emptyMap()): CompletableFuture<T> =
    CompletableFuture.failedFuture(IdeError(code, message, details))

/** Deadlines, in milliseconds, a little under the bridge timeouts of protocol/README.md. */
internal object Deadlines {
    const val QUICK = 12_000L // 15 s bridge calls
    const val VALUES = 25_000L // frame/variables, value/children (30 s)
    const val SET_OR_EVALUATE = 55_000L // value/set, frame/evaluate (60 s)
    const val LAUNCH = 110_000L // session/launch (120 s)
    const val CONFIRM = 115_000L // ui/confirm (120 s)
    const val PRESENTATION = 5_000L // one value's final presentation (placeholders first)
}
