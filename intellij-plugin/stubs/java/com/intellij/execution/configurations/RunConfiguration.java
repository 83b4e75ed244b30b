// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RunConfiguration.java
// Upstream: 1eab9c68e4696e28d573837d3315de17ec30df32 (text (c) 2000-2023; 252 line inferred; the interface also extends Cloneable: fixed)
package com.intellij.execution.configurations;

import org.jetbrains.annotations.NotNull;

public interface RunConfiguration extends RunProfile, Cloneable {
  default @NotNull ConfigurationType getType() { throw new UnsupportedOperationException("stub"); }

  default boolean isAllowRunningInParallel() { return false; }
}
