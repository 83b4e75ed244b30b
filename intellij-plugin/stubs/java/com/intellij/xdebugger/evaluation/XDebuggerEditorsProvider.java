// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/evaluation/XDebuggerEditorsProvider.java
// (text read: copyright 2000-2018). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.evaluation;

import com.intellij.openapi.fileTypes.FileType;
import org.jetbrains.annotations.NotNull;

public abstract class XDebuggerEditorsProvider {
  public abstract @NotNull FileType getFileType();
}
