// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/VirtualFile.java
// Upstream: commit not reported (index file id 52817549344, text with Markdown (///) javadoc and the Internal getChildren(boolean), the newest of 5 intellij texts found; 252 line inferred)
package com.intellij.openapi.vfs;

import com.intellij.openapi.fileTypes.FileType;
import org.jetbrains.annotations.NotNull;

public abstract class VirtualFile {
  public abstract @NotNull String getName();

  /** System-independent path; inside archives "path/to.jar!/entry". */
  public abstract @NotNull String getPath();

  public @NotNull String getUrl() { throw new UnsupportedOperationException("stub"); }

  public @NotNull FileType getFileType() { throw new UnsupportedOperationException("stub"); }

  public abstract boolean isValid();
}
