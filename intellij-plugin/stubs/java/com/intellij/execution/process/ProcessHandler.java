// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessHandler.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.process;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ProcessHandler {
  public void addProcessListener(@NotNull ProcessListener listener) { throw new UnsupportedOperationException("stub"); }

  public void destroyProcess() { throw new UnsupportedOperationException("stub"); }

  public boolean isProcessTerminated() { throw new UnsupportedOperationException("stub"); }

  public @Nullable Integer getExitCode() { throw new UnsupportedOperationException("stub"); }
}
