// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/VirtualFileManager.java
// Upstream: commit not reported (index file id 3549006201, text with addVirtualFileManagerListener(listener, parentDisposable), the newest of 8 intellij texts found; 252 line inferred)
// Body: getInstance is an application service as upstream; extractPath as URLUtil.extractPath.
package com.intellij.openapi.vfs;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class VirtualFileManager {
  public static @NotNull VirtualFileManager getInstance() { return ApplicationManager.getApplication().getService(VirtualFileManager.class); }

  public abstract @Nullable VirtualFile findFileByUrl(@NotNull String url);

  public abstract @Nullable VirtualFile refreshAndFindFileByUrl(@NotNull String url);

  /** As upstream (URLUtil.extractPath): what follows "://", the whole url when there is none. */
  public static @NotNull String extractPath(@NotNull String url) {
    int at = url.indexOf("://");
    return at < 0 ? url : url.substring(at + 3);
  }
}
