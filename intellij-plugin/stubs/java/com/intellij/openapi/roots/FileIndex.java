// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/roots/FileIndex.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.roots;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;

public interface FileIndex {
  /** Requires read access. */
  boolean isInContent(@NotNull VirtualFile fileOrDir);
}
