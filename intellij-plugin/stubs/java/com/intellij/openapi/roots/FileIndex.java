// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/roots/FileIndex.java
// Upstream: none (252 line NOT read: the interface text is not in the index; isInContent(@NotNull VirtualFile) as implemented by the platform's ProjectFileIndexImpl, index file id 6934491214, and quoted at FileIndex.java:39 by a third-party note, index file id 70529607832)
package com.intellij.openapi.roots;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;

public interface FileIndex {
  /** Requires read access. */
  boolean isInContent(@NotNull VirtualFile fileOrDir);
}
