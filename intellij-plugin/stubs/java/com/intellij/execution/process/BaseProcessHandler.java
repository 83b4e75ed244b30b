// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-util-io/src/com/intellij/execution/process/BaseProcessHandler.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.process;

import org.jetbrains.annotations.NotNull;

public abstract class BaseProcessHandler<T extends Process> extends ProcessHandler {
  public @NotNull T getProcess() { throw new UnsupportedOperationException("stub"); }
}
