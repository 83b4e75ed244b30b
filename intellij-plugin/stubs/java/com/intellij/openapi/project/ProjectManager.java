// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/ProjectManager.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;

public abstract class ProjectManager {
  public static ProjectManager getInstance() { throw new UnsupportedOperationException("stub"); }

  @NotNull public abstract Project[] getOpenProjects();
}
