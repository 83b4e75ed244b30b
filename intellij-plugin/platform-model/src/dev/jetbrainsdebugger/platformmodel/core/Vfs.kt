// The local file system as the VFS shows it (upstream LocalFileSystem/VirtualFileManagerImpl):
// one VirtualFile instance per path; a file is found by findFileByUrl only once the VFS knows it
// (everything under a project's base path when the project opens, or after a refresh), so a
// file written since then needs refreshAndFindFileByUrl, which must not run inside a read
// action. Archives ("jar://.../x.jar!/entry") are not modelled: they are not found.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.fileTypes.FileType
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.openapi.vfs.VirtualFileManager
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths

class ModelVirtualFile internal constructor(val nioPath: Path) : VirtualFile() {
    override fun getName(): String = nioPath.fileName?.toString() ?: nioPath.toString()

    override fun getPath(): String = nioPath.toString().replace('\\', '/')

    override fun getUrl(): String = "file://$path"

    override fun getFileType(): FileType = ModelFileTypes.byFileName(name)

    override fun isValid(): Boolean = Files.exists(nioPath)

    override fun toString() = "file://$path"
}

class ModelVirtualFileManager internal constructor(private val app: ModelApplication) : VirtualFileManager() {
    private val files = HashMap<Path, ModelVirtualFile>()
    private val known = HashSet<Path>()

    /** What the VFS has seen: every file under [root] (a project opening). */
    fun scan(root: Path) {
        val found = Files.walk(root).use { s -> s.map { it.toAbsolutePath().normalize() }.toList() }
        synchronized(this) { known.addAll(found) }
    }

    override fun findFileByUrl(url: String): VirtualFile? {
        val path = localPath(url) ?: return null
        return synchronized(this) { if (path in known && Files.exists(path)) instance(path) else null }
    }

    override fun refreshAndFindFileByUrl(url: String): VirtualFile? {
        if (app.isReadAccessAllowed() && !app.isDispatchThread()) {
            app.reportViolation(ViolationKind.REFRESH_UNDER_READ_ACTION, "Do not perform a synchronous refresh under read lock ($url)")
        }
        val path = localPath(url) ?: return null
        if (!Files.exists(path)) return null
        return synchronized(this) {
            known.add(path)
            instance(path)
        }
    }

    /** The file at [path] as the VFS knows it (tests). */
    fun file(path: Path): ModelVirtualFile = synchronized(this) { instance(path.toAbsolutePath().normalize()) }

    private fun instance(path: Path): ModelVirtualFile = files.getOrPut(path) { ModelVirtualFile(path) }

    private fun localPath(url: String): Path? {
        if (!url.startsWith("file://") || url.contains("!/")) return null
        return runCatching { Paths.get(extractPath(url)).toAbsolutePath().normalize() }.getOrNull()
    }
}
