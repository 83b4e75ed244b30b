// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RunProfile.java
// Upstream: 65e6d6e3a08c7db611abb79462e8ce6196470775 (text (c) 2000-2023; 252 line inferred; getName() is @NotNull: fixed)
package com.intellij.execution.configurations;

import org.jetbrains.annotations.NotNull;

public interface RunProfile {
  @NotNull String getName();
}
