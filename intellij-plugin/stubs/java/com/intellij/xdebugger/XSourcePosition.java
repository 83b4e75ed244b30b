// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XSourcePosition.java
// Upstream: 03980ad0dccbd9a9140c4dc2415985c469f99ae7 (text (c) 2000-2018; 252 line inferred: no newer text in the index)
package com.intellij.xdebugger;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;

public interface XSourcePosition {
  /** 0-based */
  int getLine();

  @NotNull VirtualFile getFile();
}
