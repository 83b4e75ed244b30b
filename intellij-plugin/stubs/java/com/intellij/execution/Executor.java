// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/Executor.java
// Upstream: fa81465e9d76d9d6fd9403d0a29fdf36001ad6c8 (text (c) 2000-2019; 252 line inferred)
package com.intellij.execution;

import org.jetbrains.annotations.NotNull;

public abstract class Executor {
  public abstract @NotNull String getId();
}
