// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/Executor.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution;

import org.jetbrains.annotations.NotNull;

public abstract class Executor {
  public abstract @NotNull String getId();
}
