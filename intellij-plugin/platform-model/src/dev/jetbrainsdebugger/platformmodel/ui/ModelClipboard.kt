// The clipboard: the CopyPasteManager service. It keeps what was copied, newest last, as the
// platform's clipboard history does, and answers it to getContents().
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.ide.CopyPasteManager
import java.awt.datatransfer.DataFlavor
import java.awt.datatransfer.Transferable
import java.util.concurrent.CopyOnWriteArrayList

/**
 * Follows platform-api's CopyPasteManager (setContents puts the content on the system
 * clipboard and into the IDE's history). Simpler: the system clipboard is not touched
 * (headless) and only the plain-text flavour is recorded.
 */
class ModelClipboard internal constructor() : CopyPasteManager() {
    private val contents = CopyOnWriteArrayList<Transferable>()

    /** The plain texts copied so far, oldest first. */
    val texts: List<String> get() = contents.mapNotNull { it.text() }

    override fun setContents(content: Transferable) {
        contents += content
    }

    override fun getContents(): Transferable? = contents.lastOrNull()

    private fun Transferable.text(): String? =
        if (isDataFlavorSupported(DataFlavor.stringFlavor)) getTransferData(DataFlavor.stringFlavor) as String else null
}
