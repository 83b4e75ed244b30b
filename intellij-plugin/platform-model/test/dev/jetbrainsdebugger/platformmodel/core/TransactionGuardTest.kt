// The model reports model changes in write-unsafe contexts as TransactionGuardImpl does: work
// posted with ModalityState.any() may not write (nor may a dialog opened from it), work posted
// non-modal and the user's own input may; off the EDT writing is not the guard's business.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.application.WriteAction
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class TransactionGuardTest {
    private var platform: ModelPlatform? = null

    private fun start() = ModelPlatform.start(IdeConfig.PYCHARM, emptyList()).also { platform = it }

    @AfterEach
    fun close() {
        platform?.close()
    }

    private fun ModelPlatform.later(state: ModalityState, block: () -> Unit) {
        val done = CompletableFuture<Unit>()
        app.invokeLater({
            try {
                block()
            } finally {
                done.complete(Unit)
            }
        }, state)
        done.get(20, TimeUnit.SECONDS)
    }

    @Test
    fun `a write action posted with any() is write-unsafe, one posted non-modal is not`() {
        val p = start()
        p.later(ModalityState.nonModal()) { WriteAction.run<RuntimeException> { } }
        p.assertClean()

        p.later(ModalityState.any()) { WriteAction.run<RuntimeException> { } }

        val v = p.violations().single()
        assertEquals(ViolationKind.WRITE_UNSAFE_CONTEXT, v.kind)
        assertTrue(v.message.startsWith("Write-unsafe context! Model changes are allowed from write-safe contexts only."), v.message)
    }

    @Test
    fun `the user's input is write-safe, also in a dialog opened from a write-safe context`() {
        val p = start()
        p.app.onEdtAndWait { WriteAction.run<RuntimeException> { } }
        val opened = CompletableFuture<ModalEntry>()
        p.app.invokeLater({ p.app.openModal("Settings").also(opened::complete).pump() }, ModalityState.nonModal())
        val settings = opened.get(20, TimeUnit.SECONDS)
        p.app.onEdtAndWait { WriteAction.run<RuntimeException> { } }
        settings.close()
        p.assertClean()
    }

    @Test
    fun `a dialog opened from any() is write-unsafe for the user's input in it`() {
        val p = start()
        val opened = CompletableFuture<ModalEntry>()
        p.app.invokeLater({ p.app.openModal("a dialog shown from any()").also(opened::complete).pump() }, ModalityState.any())
        val dialog = opened.get(20, TimeUnit.SECONDS)

        p.app.onEdtAndWait { WriteAction.run<RuntimeException> { } }
        dialog.close()

        assertEquals(listOf(ViolationKind.WRITE_UNSAFE_CONTEXT), p.violations().map { it.kind })
    }

    @Test
    fun `off the EDT the guard allows a model change`() {
        val p = start()
        ApplicationManager.getApplication().executeOnPooledThread { p.app.assertWriteSafe("a change on a pooled thread") }.get(20, TimeUnit.SECONDS)
        p.assertClean()
    }
}
