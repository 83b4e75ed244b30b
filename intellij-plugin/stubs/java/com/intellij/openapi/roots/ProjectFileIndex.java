// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/roots/ProjectFileIndex.java
// Upstream: commit not reported (index file id 4107167018, text with @ApiStatus.NonExtendable and @RequiresReadLock members, the newest of 7 texts found; 252 line inferred; NonExtendable added)
// Body: as upstream: a project service.
package com.intellij.openapi.roots;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

@ApiStatus.NonExtendable
public interface ProjectFileIndex extends FileIndex {
  static @NotNull ProjectFileIndex getInstance(@NotNull Project project) { return project.getService(ProjectFileIndex.class); }
}
