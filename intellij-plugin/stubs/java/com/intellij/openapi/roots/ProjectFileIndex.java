// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/roots/ProjectFileIndex.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.roots;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public interface ProjectFileIndex extends FileIndex {
  static @NotNull ProjectFileIndex getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }
}
