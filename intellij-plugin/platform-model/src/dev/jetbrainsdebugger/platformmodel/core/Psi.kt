// PSI as far as a run configuration producer reads it: a project's PsiManager finds the
// PsiFile of a VirtualFile (one per file, as upstream's FileManager caches them). Source
// trees are not modelled: a file's PSI is the file itself, with its VirtualFile and type.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.fileTypes.FileType
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.psi.PsiFile
import com.intellij.psi.PsiManager
import java.nio.file.Files
import java.util.concurrent.ConcurrentHashMap

/** A file's PSI: its own containing file, valid while the file exists. */
class ModelPsiFile internal constructor(private val project: Project, private val file: ModelVirtualFile) : PsiFile {
    override fun getProject(): Project = project
    override fun getContainingFile(): PsiFile = this
    override fun isValid(): Boolean = file.isValid
    override fun getVirtualFile(): VirtualFile = file
    override fun getFileType(): FileType = file.fileType

    override fun toString() = "PsiFile:${file.name}"
}

/**
 * Upstream PsiManagerImpl.findFile (@RequiresReadLock): null for a directory or a file that no
 * longer exists; a violation outside a read action off the EDT.
 */
internal class ModelPsiManager(private val app: ModelApplication, private val project: ModelProject) : PsiManager() {
    private val files = ConcurrentHashMap<ModelVirtualFile, ModelPsiFile>()

    override fun getProject(): Project = project

    override fun findFile(file: VirtualFile): PsiFile? {
        app.assertReadAccessAllowed()
        val modelFile = file as? ModelVirtualFile ?: return null
        if (!file.isValid || Files.isDirectory(modelFile.nioPath)) return null
        return files.getOrPut(modelFile) { ModelPsiFile(project, modelFile) }
    }
}
