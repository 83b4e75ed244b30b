// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/ProjectManager.java
// Upstream: commit not reported (index file id 6377242190, text (c) 2000-2021 with @ApiStatus.NonExtendable; 252 line inferred; NonExtendable added; getOpenProjects() is '@NotNull Project @NotNull []' there, the element annotation is not expressible with annotations-13)
// Body: as upstream: an application service.
package com.intellij.openapi.project;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

@ApiStatus.NonExtendable
public abstract class ProjectManager {
  public static ProjectManager getInstance() { return ApplicationManager.getApplication().getService(ProjectManager.class); }

  @NotNull public abstract Project[] getOpenProjects();
}
