// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/evaluation/XDebuggerEditorsProvider.java
// Upstream: 6cff455c21409de03d4c6167a07b3ef4a150e705 (text (c) 2000-2015; 252 line inferred: getFileType() is the class's one abstract member in that text)
package com.intellij.xdebugger.evaluation;

import com.intellij.openapi.fileTypes.FileType;
import org.jetbrains.annotations.NotNull;

public abstract class XDebuggerEditorsProvider {
  public abstract @NotNull FileType getFileType();
}
