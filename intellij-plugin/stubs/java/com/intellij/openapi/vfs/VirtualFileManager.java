// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/VirtualFileManager.java
// Upstream: commit not reported (index file id 3549006201, text with addVirtualFileManagerListener(listener, parentDisposable), the newest of 8 intellij texts found; 252 line inferred)
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class VirtualFileManager {
  public static @NotNull VirtualFileManager getInstance() { throw new UnsupportedOperationException("stub"); }

  public abstract @Nullable VirtualFile findFileByUrl(@NotNull String url);

  public abstract @Nullable VirtualFile refreshAndFindFileByUrl(@NotNull String url);

  public static @NotNull String extractPath(@NotNull String url) { throw new UnsupportedOperationException("stub"); }
}
