package dev.jetbrainsdebugger.intellij

import com.intellij.lang.Language
import com.intellij.openapi.fileTypes.LanguageFileType
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.openapi.vfs.VirtualFileManager
import dev.jetbrainsdebugger.ide.IdeError

/**
 * Files on the bridge are absolute '/'-separated paths; inside an archive they read
 * "/path/to/lib.jar!/pkg/Type.java". IntelliJ addresses them by VFS URL.
 */
internal object Files {
    /** file:///home/a/x.py, file://C:/a/x.py, jar:///home/a/lib.jar!/pkg/X.java */
    fun url(path: String): String {
        val p = Projects.normalize(path)
        val rooted = if (p.startsWith("/") || isDrive(p)) p else "/$p"
        return (if (rooted.contains("!/")) "jar://" else "file://") + rooted
    }

    /**
     * The file at [path], refreshing the VFS for it when it is not known yet (a file the
     * agent just wrote). Call on a pooled thread outside a read action: a refresh must not
     * run under one, and must not block the EDT.
     */
    fun resolve(path: String): VirtualFile {
        val manager = VirtualFileManager.getInstance()
        val url = url(path)
        val file = manager.findFileByUrl(url) ?: manager.refreshAndFindFileByUrl(url)
        if (file == null || !file.isValid) throw IdeError("file_not_found", "no such file: $path")
        return file
    }

    /** The bridge form of a VFS URL (a breakpoint's fileUrl). */
    fun pathOfUrl(url: String): String = Projects.normalize(VirtualFileManager.extractPath(url))

    fun language(file: VirtualFile?): Language? = (file?.fileType as? LanguageFileType)?.language

    private fun isDrive(p: String) = p.length >= 2 && p[1] == ':'
}
