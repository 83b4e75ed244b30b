// Which EDT code may change the model: TransactionGuardImpl (platform-impl, index file id
// 3527215818, (c) 2000-2025). An invokeLater task runs write-safe only when its modality state
// is write-safe (wrapLaterInvocation): the non-modal state, or a modal entered from a write-safe
// context; ModalityState.any() never is ("any() is always write-unsafe", TransactionGuard
// javadoc). User input is write-safe in a write-safe modality (performUserActivity). Off the EDT
// writing is always allowed (isWritingAllowed). A model change in a write-unsafe context is
// reported as upstream's assertWriteActionAllowed reports it ("Write-unsafe context! ... not
// \"any\""). Upstream reports only write actions, and only with the registry key
// ide.require.transaction.for.model.changes on; the model always reports, and reports every
// change of the project model the plugin makes (breakpoints, run configurations, launches),
// as the javadoc's rule says: "model modifications are not allowed" from write-unsafe contexts.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.application.ModalityState
import java.awt.EventQueue

internal class ModelTransactionGuard {
    /** TransactionGuardImpl.myWritingAllowed; read and written on the EDT only. */
    var writingAllowed: Boolean = false
        private set

    fun isWriteSafe(state: ModalityState): Boolean = state is LevelModality && state.writeSafe

    /** wrapLaterInvocation: an invokeLater task posted with [state]. */
    fun <T> runLater(state: ModalityState, block: () -> T): T = runWith(isWriteSafe(state), block)

    /** performUserActivity: input the user gives while [current] is the innermost modality. */
    fun <T> userActivity(current: ModalityState, block: () -> T): T = runWith(isWriteSafe(current), block)

    /** Whether a model change may happen here now (TransactionGuardImpl.isWritingAllowed). */
    fun isWritingAllowed(): Boolean = !EventQueue.isDispatchThread() || writingAllowed

    private fun <T> runWith(allowed: Boolean, block: () -> T): T {
        val previous = writingAllowed
        writingAllowed = allowed
        try {
            return block()
        } finally {
            writingAllowed = previous
        }
    }
}
