// File dialogs: the FileChooserFactory service. A save dialog records what it asked (title,
// suggested name) and answers what the test scripted: a path, or null for Cancel.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.fileChooser.FileChooserFactory
import com.intellij.openapi.fileChooser.FileSaverDescriptor
import com.intellij.openapi.fileChooser.FileSaverDialog
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.openapi.vfs.VirtualFileWrapper
import java.nio.file.Path
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CopyOnWriteArrayList

/** One save dialog as shown. */
data class SaveRequest(val title: String, val baseDir: Path?, val suggestedName: String?, val project: Project?)

/**
 * Follows platform-api's FileChooserFactory.createSaveFileDialog and FileSaverDialog.save (a
 * modal dialog, EDT only; null when cancelled). Simpler: the answer is immediate, with no modal
 * loop, and an unscripted dialog fails the test.
 */
class ModelFileChooser internal constructor() : FileChooserFactory() {
    private val answers = ConcurrentLinkedQueue<Answer>()
    private val asked = CopyOnWriteArrayList<SaveRequest>()

    private class Answer(val path: Path?)

    val requests: List<SaveRequest> get() = asked.toList()

    /** The next save dialog answers [path] (null: the user cancels). */
    fun answerNextSave(path: Path?) {
        answers += Answer(path)
    }

    override fun createSaveFileDialog(descriptor: FileSaverDescriptor, project: Project?): FileSaverDialog = object : FileSaverDialog {
        override fun save(baseDir: VirtualFile?, filename: String?): VirtualFileWrapper? = save(baseDir?.let { Path.of(it.path) }, filename)

        override fun save(baseDir: Path?, filename: String?): VirtualFileWrapper? {
            modelApplication().assertIsDispatchThread()
            asked += SaveRequest(descriptor.title.orEmpty(), baseDir, filename, project)
            val answer = answers.poll() ?: throw AssertionError("a save dialog '${descriptor.title}' was shown but the test scripted no answer")
            return answer.path?.let { VirtualFileWrapper(it.toFile()) }
        }
    }
}
