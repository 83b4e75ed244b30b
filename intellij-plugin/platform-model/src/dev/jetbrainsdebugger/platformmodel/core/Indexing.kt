// A project's dumb mode (upstream DumbService, as far as the plugin meets it): while the project
// indexes, code that reads the indexes throws IndexNotReadyException. Dumb mode starts and ends in
// a write action, so a read action never sees it change half-way.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.project.IndexNotReadyException

class Indexing internal constructor(private val app: ModelApplication) {
    /** DumbService.isDumb. */
    @Volatile var isDumb: Boolean = false
        private set

    /** Tests, off the EDT: the project starts indexing. */
    fun begin() = switchTo(dumb = true)

    /** Tests, off the EDT: indexing has finished. */
    fun end() = switchTo(dumb = false)

    /** What code that reads the indexes meets in dumb mode. */
    fun requireIndexes() {
        if (isDumb) throw IndexNotReadyException.create()
    }

    private fun switchTo(dumb: Boolean) = app.onEdtAndWait { app.runWriteAction<Unit, RuntimeException> { isDumb = dumb } }
}
