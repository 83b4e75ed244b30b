package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.project.Project
import com.intellij.openapi.project.ProjectManager
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.ProjectInfo

/**
 * Projects are named on the bridge by their base path (ProjectInfo.path), '/'-separated.
 */
internal object Projects {
    fun open(): List<Project> =
        ProjectManager.getInstance().openProjects.filter { !it.isDisposed && it.basePath != null }

    fun info(project: Project): ProjectInfo = ProjectInfo(project.name, normalize(project.basePath ?: ""))

    /** The open project at [path]; `project_not_found` otherwise. */
    fun find(path: String): Project {
        val wanted = normalize(path)
        return open().firstOrNull { samePath(normalize(it.basePath!!), wanted) }
            ?: throw IdeError(
                "project_not_found",
                "no open project at $path",
                mapOf("available" to open().map { normalize(it.basePath!!) }),
            )
    }

    fun normalize(path: String): String {
        var p = path.replace('\\', '/')
        while (p.length > 1 && p.endsWith("/") && !p.endsWith(":/")) p = p.dropLast(1)
        return p
    }

    /** Windows paths compare case-insensitively (a drive letter in either spelling). */
    fun samePath(a: String, b: String): Boolean =
        a == b || (isWindowsPath(a) && isWindowsPath(b) && a.equals(b, ignoreCase = true))

    private fun isWindowsPath(p: String) = p.length >= 2 && p[1] == ':'
}
