// Modality states and the EDT's queue of invokeLater work. Upstream (LaterInvocator,
// ModalityState javadoc): work posted with a modality state runs on the EDT only when no modal
// dialog opened after that state is showing; ModalityState.any() runs at once, whatever is
// open, and is meant for pure UI work. Here a state is a level: 0 is non-modal, each open modal
// adds one; work of level L waits while the innermost open modal is deeper than L.
// Each task runs in the write-safe context its state gives it (TransactionGuard.kt).
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.application.ModalityState
import java.awt.EventQueue
import java.awt.SecondaryLoop
import java.awt.Toolkit

/**
 * [writeSafe]: TransactionGuardImpl.myWriteSafeModalities: the non-modal state is write-safe; a
 * modal is write-safe when it was entered from a write-safe context (enteredModality).
 */
internal class LevelModality(val level: Int, private val name: String, val writeSafe: Boolean) : ModalityState() {
    override fun dominates(anotherState: ModalityState): Boolean =
        anotherState !is AnyModality && level > (anotherState as LevelModality).level

    override fun toString() = "ModalityState($name)"
}

internal object AnyModality : ModalityState() {
    override fun dominates(anotherState: ModalityState): Boolean = false

    override fun toString() = "ModalityState.any()"
}

/** An open modal (a dialog's show()): [pump] runs a nested event loop on the EDT until [close]. */
class ModalEntry internal constructor(private val queue: EdtQueue, internal val state: LevelModality, val name: String) {
    private val loop: SecondaryLoop = Toolkit.getDefaultToolkit().systemEventQueue.createSecondaryLoop()

    @Volatile var closed = false
        private set

    /** EDT: blocks in a nested event loop (events and allowed invokeLater work go on) until [close]. */
    fun pump() {
        if (!closed) loop.enter()
    }

    /** Any thread: leaves the modality; work that waited for it runs. */
    fun close() {
        if (closed) return
        closed = true
        queue.leave(this)
        loop.exit()
    }
}

/** The invokeLater queue: runs each task on the EDT once its modality allows, in posting order. */
internal class EdtQueue(private val guard: ModelTransactionGuard, private val onTaskFailure: (Throwable) -> Unit) {
    private class Task(val runnable: Runnable, val state: ModalityState)

    private val tasks = ArrayList<Task>()
    private val modals = ArrayList<ModalEntry>()
    @Volatile var dispatchThread: Thread? = null
        private set

    val nonModal = LevelModality(0, "NON_MODAL", writeSafe = true)

    fun post(runnable: Runnable, state: ModalityState) {
        synchronized(this) { tasks += Task(runnable, state) }
        EventQueue.invokeLater(::drain)
    }

    /** The innermost open modal's state on the EDT; non-modal when none is open. */
    fun current(): LevelModality = synchronized(this) { modals.lastOrNull()?.state ?: nonModal }

    fun enter(name: String): ModalEntry = synchronized(this) {
        ModalEntry(this, LevelModality(modals.size + 1, name, guard.writingAllowed), name).also { modals += it }
    }

    fun leave(entry: ModalEntry) {
        synchronized(this) { modals.remove(entry) }
        EventQueue.invokeLater(::drain)
    }

    fun openModals(): List<String> = synchronized(this) { modals.map { it.name } }

    private fun allowed(state: ModalityState, now: LevelModality) = state === AnyModality || !now.dominates(state)

    /** EDT: runs the tasks allowed now, one at a time (a task may open a modal that changes what is allowed). */
    private fun drain() {
        dispatchThread = Thread.currentThread()
        while (true) {
            val task = synchronized(this) {
                val now = current()
                val i = tasks.indexOfFirst { allowed(it.state, now) }
                if (i < 0) null else tasks.removeAt(i)
            } ?: return
            try {
                guard.runLater(task.state) { task.runnable.run() }
            } catch (t: Throwable) {
                onTaskFailure(t)
            }
        }
    }
}
