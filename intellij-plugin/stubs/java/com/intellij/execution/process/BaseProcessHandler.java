// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/BaseProcessHandler.java
// Upstream: commit not reported (index file id 3901446004, the newest of 2 intellij texts found, with 'public final @NotNull T getProcess()'; the stored version at this path, 3759705cc157db3602a8b33aab0117a8bbe747c2, is the older (c) 2017 text; 252 line inferred; getProcess() is final: fixed)
package com.intellij.execution.process;

import org.jetbrains.annotations.NotNull;

public abstract class BaseProcessHandler<T extends Process> extends ProcessHandler {
  public final @NotNull T getProcess() { throw new UnsupportedOperationException("stub"); }
}
