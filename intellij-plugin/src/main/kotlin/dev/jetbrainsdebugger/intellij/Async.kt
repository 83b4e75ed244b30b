// How the IntelliJ half moves work between threads. Every IdeFacade call returns at once
// with a CompletableFuture; the work runs here:
//  - onEdt / later: model work on the event dispatch thread (breakpoints, run configurations,
//    launches, execution control, frames, values, evaluation), posted with
//    ModalityState.nonModal(): a write-safe context (TransactionGuard: "invokeLater calls with a
//    modality state that's either non-modal ..."), the state ExecutionManagerImpl's own launch
//    finishes in (finishOnUiThread(ModalityState.nonModal())). It waits while a modal dialog is
//    open: code under any() "can only perform purely UI operations, it shouldn't access any PSI,
//    VFS or project model" (ModalityState javadoc). Work a call queued that has not started when
//    the call's Deadline passes never runs.
//  - onUiThread / laterUi: pure UI (the confirmation dialog, the tool window's panels) in any
//    modality, so that it shows and updates while another dialog is open.
//  - readOnPooled: a pooled thread inside a non-blocking read action (restarted, never
//    blocking, when a write action comes), for PSI/VFS/breakpoint-model reads.
//  - onPooled: a pooled thread without a read action (VFS refresh, waiting).
// Nothing here ever blocks the EDT: a step that needs the result of another one chains on
// the future instead of waiting for it. IntelliJ callbacks complete a future once
// (CompletableFuture ignores later completions), and a late callback after the deadline is dropped.
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
import java.util.concurrent.atomic.AtomicBoolean

internal object Async {
    /**
     * Runs model work [block] on the EDT when no modal dialog is open; the future completes with
     * its result. When [deadline] passes before the work starts, it never starts.
     */
    fun <T> onEdt(deadline: Deadline?, block: () -> T): CompletableFuture<T> {
        val future = CompletableFuture<T>()
        deadline?.queued()
        ApplicationManager.getApplication().invokeLater({
            if (deadline == null || deadline.starting()) {
                complete(future, block)
            } else {
                future.completeExceptionally(CancellationException("the call's deadline passed before the IDE got to it"))
            }
        }, ModalityState.nonModal())
        return future
    }

    /** [onEdt] for work that completes through an IntelliJ callback started there. */
    fun <T> onEdtAsync(deadline: Deadline?, block: () -> CompletableFuture<T>): CompletableFuture<T> =
        onEdt(deadline, block).thenCompose { it }

    /** Runs pure UI work [block] on the EDT in any modality (it shows while a modal dialog is open). */
    fun <T> onUiThread(block: () -> T): CompletableFuture<T> {
        val future = CompletableFuture<T>()
        ApplicationManager.getApplication().invokeLater({ complete(future, block) }, ModalityState.any())
        return future
    }

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

    /** Schedules model work [block] on the EDT, when no modal dialog is open, without waiting for it. */
    fun later(block: () -> Unit) = post(ModalityState.nonModal(), block)

    /** Schedules pure UI work [block] on the EDT in any modality, without waiting for it. */
    fun laterUi(block: () -> Unit) = post(ModalityState.any(), block)

    private fun post(state: ModalityState, block: () -> Unit) {
        ApplicationManager.getApplication().invokeLater({
            try {
                block()
            } catch (t: Throwable) {
                IntellijLog.warn("EDT task failed", t)
            }
        }, state)
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
 * The deadline of one bridge call, [ms] milliseconds, and its answer: the call's outcome, or the
 * `timeout` tool error when the deadline passes first; then a later outcome is dropped. EDT work
 * the call queued ([Async.onEdt]) that has not started by then never starts (the agent was told
 * it timed out, so it must not happen later), and [onPass] actions run (a launch already handed
 * to the IDE is given up). When the call timed out because its EDT work never started, the
 * answer says why: a modal dialog is open (it holds model work back until it closes), or the
 * EDT is busy.
 */
internal class Deadline(private val ms: Long, private val what: String) {
    private val decided = AtomicBoolean()
    private var passed = false // guarded by this
    private var waiting = 0 // EDT work queued and not started; guarded by this
    private val passActions = ArrayList<() -> Unit>() // guarded by this

    /** The answer to the call whose work is [future]. */
    fun <T> bound(future: CompletableFuture<T>): CompletableFuture<T> {
        val answer = CompletableFuture<T>()
        future.whenComplete { value, error ->
            if (!decided.compareAndSet(false, true)) return@whenComplete
            if (error == null) answer.complete(value) else answer.completeExceptionally(unwrap(error))
        }
        if (!decided.get()) {
            val timer = Timers.after(ms) { expire(answer) }
            // An answered call's timer goes at once: it holds the call until it fires.
            answer.whenComplete { _, _ -> timer.cancel(false) }
        }
        return answer
    }

    /** EDT work of this call was queued. */
    fun queued() = synchronized(this) { waiting++ }

    /** EDT work of this call starts: false when the deadline has passed, and then it must not run. */
    fun starting(): Boolean = synchronized(this) {
        waiting--
        !passed
    }

    /** Runs [action] when the deadline passes before the call is answered (at once if it has). */
    fun onPass(action: () -> Unit) {
        val now = synchronized(this) {
            if (!passed) passActions += action
            passed
        }
        if (now) runAction(action)
    }

    private fun <T> expire(answer: CompletableFuture<T>) {
        if (!decided.compareAndSet(false, true)) return
        val (heldBack, actions) = synchronized(this) {
            passed = true
            (waiting > 0) to passActions.toList().also { passActions.clear() }
        }
        actions.forEach(::runAction)
        val seconds = ms / 1000.0
        if (!heldBack) {
            answer.completeExceptionally(IdeError("timeout", "$what did not finish within $seconds s"))
            return
        }
        // Why the EDT did not get to it. Reading the modality is pure UI, so the probe runs in any modality.
        Async.onUiThread { ModalityState.current() != ModalityState.nonModal() }
            .completeOnTimeout(false, PROBE_MS, TimeUnit.MILLISECONDS)
            .whenComplete { modal, _ ->
                val why = if (modal == true) {
                    "a modal dialog is open in the IDE, and the IDE runs no changes until it is closed; close it and try again"
                } else {
                    "the IDE's UI thread is busy"
                }
                answer.completeExceptionally(IdeError("timeout", "$what did not start within $seconds s: $why (nothing was done)"))
            }
    }

    private fun runAction(action: () -> Unit) {
        try {
            action()
        } catch (t: Throwable) {
            IntellijLog.warn("giving up '$what' failed", t)
        }
    }

    private companion object {
        /** How long the answer waits to learn whether a modal dialog is what held the call back. */
        const val PROBE_MS = 1_000L
    }
}

/**
 * Completes this future with the `timeout` tool error when it is not done within [ms]
 * milliseconds. The IntelliJ operation itself keeps going; only the answer is given up, and a
 * later result is ignored. For waits inside a call (a value's presentation, a pause's
 * attribution); a bridge call's own deadline is a [Deadline].
 */
internal fun <T> CompletableFuture<T>.within(ms: Long, what: String): CompletableFuture<T> {
    if (!isDone) {
        val timer = Timers.after(ms) { completeExceptionally(IdeError("timeout", "$what did not finish within ${ms / 1000.0} s")) }
        whenComplete { _, _ -> timer.cancel(false) }
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
    const val QUICK = 11_000L // 15 s bridge calls (with the modal-dialog probe, under 12 s)
    const val VALUES = 24_000L // frame/variables, value/children (30 s)
    const val SET_OR_EVALUATE = 54_000L // value/set, frame/evaluate (60 s)
    const val LAUNCH = 110_000L // session/launch (120 s)
    const val CONFIRM = 115_000L // ui/confirm (120 s)
    const val PRESENTATION = 5_000L // one value's final presentation (placeholders first)
}
