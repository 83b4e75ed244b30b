// The ui tests' fixture: a modelled PyCharm with the ui area, one project, and the bundled
// binary pointed at a path that does not exist (so nothing real is started and the bridge
// service fails the same way every time).
package dev.jetbrainsdebugger.platformmodel.ui

import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

/** [binaryDir]: the prefix of the (real, empty) directory the missing binary is expected in. */
internal class UiModel(binaryDir: String = "ui-model") : AutoCloseable {
    val ui = UiArea()
    /** Temporary directories of this model, removed at [close]. */
    private val scratch = mutableListOf<Path>()
    private fun scratchDirectory(prefix: String): Path = Files.createTempDirectory(prefix).also { scratch.add(it) }
    val missingBinary: Path = scratchDirectory(binaryDir).resolve("no-such-jetbrains-debugger-mcp")
    private val previousBinary = System.setProperty(BINARY_PROPERTY, missingBinary.toString())
    val platform: ModelPlatform = ModelPlatform.start(IdeConfig.PYCHARM, listOf(ui))
    // Without plugin.xml's startup activity: it reaches the debugger area, which these tests leave out.
    val project: ModelProject by lazy { platform.openProject(scratchDirectory("ui-project"), "calculator", startupActivities = false) }

    fun <T> onEdt(block: () -> T): T = platform.app.onEdtAndWait(block)

    override fun close() {
        try {
            // A test that failed with a dialog open: close it as a user would (the platform disposes dialogs on the EDT).
            ui.dialogs.open.reversed().forEach { it.closeWindowOnEdt() }
            platform.close()
        } finally {
            if (previousBinary == null) System.clearProperty(BINARY_PROPERTY) else System.setProperty(BINARY_PROPERTY, previousBinary)
            scratch.forEach { it.toFile().deleteRecursively() }
        }
    }

    companion object {
        const val BINARY_PROPERTY = "jetbrains.debugger.mcp.binary"
    }
}

/** Runs [test] over a fresh model, then checks that nothing broke the platform's rules. */
internal fun withUiModel(binaryDir: String = "ui-model", test: UiModel.() -> Unit) = UiModel(binaryDir).use { model ->
    model.test()
    model.platform.assertClean()
}

internal fun <T> CompletableFuture<T>.await(): T = get(WAIT_SECONDS, TimeUnit.SECONDS)
