// A project's dumb mode (upstream DumbService, as far as the plugin meets it): while the project
// indexes, code that reads the indexes throws IndexNotReadyException. Dumb mode starts and ends in
// a write action, so a read action never sees it change half-way.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.project.IndexNotReadyException

class Indexing internal constructor(private val app: ModelApplication) {
    /** DumbService.isDumb. */
    @Volatile var isDumb: Boolean = false
        private set

    private val whenSmart = java.util.concurrent.CopyOnWriteArrayList<Runnable>()

    /** Tests, off the EDT: the project starts indexing. */
    fun begin() = switchTo(dumb = true)

    /** Tests, off the EDT: indexing has finished; what waited for it runs on the EDT. */
    fun end() {
        switchTo(dumb = false)
        val waiting = whenSmart.toList()
        whenSmart.clear()
        app.onEdtAndWait { waiting.forEach(Runnable::run) }
    }

    /** DumbService.runWhenSmart: at once when smart, else once indexing has finished. */
    fun runWhenSmart(runnable: Runnable) {
        if (isDumb) whenSmart += runnable else runnable.run()
    }

    /** What code that reads the indexes meets in dumb mode. */
    fun requireIndexes() {
        if (isDumb) throw IndexNotReadyException.create()
    }

    private fun switchTo(dumb: Boolean) = app.onEdtAndWait { app.runWriteAction<Unit, RuntimeException> { isDumb = dumb } }
}
