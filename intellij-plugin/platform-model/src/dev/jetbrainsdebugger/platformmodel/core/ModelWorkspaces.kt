// The projects' workspace files (.idea/workspace.xml), as far as the model keeps them: what a
// project's components save when the project is saved (ProjectManagerImpl.closeProject saves after
// ProjectManagerListener.projectClosingBeforeSave and before projectClosing) and load when it opens
// again. Kept in memory per project folder; a modelled IDE restart starts a new ModelPlatform with
// the previous one's workspaces. Entries hold the model's own objects, not XML: what is kept is
// what the upstream component saves, field by field.
package dev.jetbrainsdebugger.platformmodel.core

import java.nio.file.Path
import java.util.concurrent.ConcurrentHashMap

class ModelWorkspaces {
    private val byProject = ConcurrentHashMap<Path, MutableMap<String, Any>>()

    /** The workspace of the project in [root]: component name to saved state. */
    fun of(root: Path): MutableMap<String, Any> = byProject.getOrPut(root.toAbsolutePath().normalize()) { ConcurrentHashMap() }
}
