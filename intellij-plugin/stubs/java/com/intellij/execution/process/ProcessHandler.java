// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessHandler.java
// Upstream: commit not reported (index file id 5803808081, text (c) 2000-2017, the newest of 5 texts found; 252 line inferred)
package com.intellij.execution.process;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ProcessHandler {
  public void addProcessListener(@NotNull ProcessListener listener) { throw new UnsupportedOperationException("stub"); }

  public void destroyProcess() { throw new UnsupportedOperationException("stub"); }

  public boolean isProcessTerminated() { throw new UnsupportedOperationException("stub"); }

  public @Nullable Integer getExitCode() { throw new UnsupportedOperationException("stub"); }
}
