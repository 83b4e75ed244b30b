// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RunConfiguration.java
// (text read: copyright 2000-2023). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.configurations;

import org.jetbrains.annotations.NotNull;

public interface RunConfiguration extends RunProfile {
  default @NotNull ConfigurationType getType() { throw new UnsupportedOperationException("stub"); }

  default boolean isAllowRunningInParallel() { return false; }
}
