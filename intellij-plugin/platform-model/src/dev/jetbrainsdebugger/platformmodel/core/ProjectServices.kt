// Small platform services of the core: the open projects (ProjectManager), the product's build
// (ApplicationInfo), the files in a project's content (ProjectFileIndex) and non-blocking read
// actions (AsyncExecutionService). Each follows the upstream contract the plugin relies on.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.application.ApplicationInfo
import com.intellij.openapi.application.AsyncExecutionService
import com.intellij.openapi.application.NonBlockingReadAction
import com.intellij.openapi.project.Project
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.roots.ProjectFileIndex
import com.intellij.openapi.util.BuildNumber
import com.intellij.openapi.vfs.VirtualFile
import java.util.concurrent.Callable
import java.util.concurrent.CopyOnWriteArrayList

internal class ModelProjectManager : ProjectManager() {
    val open = CopyOnWriteArrayList<ModelProject>()

    override fun getOpenProjects(): Array<Project> = open.toTypedArray()
}

internal class ModelApplicationInfo(private val build: BuildNumber) : ApplicationInfo() {
    override fun getBuild(): BuildNumber = build
}

/**
 * Upstream ProjectFileIndexImpl: a file is in content when it is under a content root and not
 * excluded; isInContent is @RequiresReadLock. The model's project has one content root, its
 * base path, with the folders PyCharm and IDEA exclude by default (a virtualenv, node_modules).
 */
internal class ModelProjectFileIndex(private val app: ModelApplication, private val project: ModelProject) : ProjectFileIndex {
    private val excluded = setOf(".venv", "venv", "node_modules", ".idea")

    override fun isInContent(fileOrDir: VirtualFile): Boolean {
        app.assertReadAccessAllowed()
        val path = (fileOrDir as? ModelVirtualFile)?.nioPath ?: return false
        val root = project.basePathAsPath.toAbsolutePath().normalize()
        if (!path.startsWith(root)) return false
        return root.relativize(path).none { it.toString() in excluded }
    }
}

/**
 * Upstream NonBlockingReadActionImpl.executeSynchronously: runs the computation in a read action
 * on the calling thread ("if the current thread already has read access, the computation is
 * executed as is"). The model does not cancel and restart it when a write action comes; a write
 * action waits for it instead.
 */
internal class ModelAsyncExecutionService(private val app: ModelApplication) : AsyncExecutionService() {
    override fun <T> buildNonBlockingReadAction(computation: Callable<out T>): NonBlockingReadAction<T> =
        NonBlockingReadAction { app.runReadAction<T, Exception> { computation.call() } }
}
