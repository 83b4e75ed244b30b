// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/Executor.java
// Upstream: fa81465e9d76d9d6fd9403d0a29fdf36001ad6c8 (text (c) 2000-2019; 252 line inferred)
// EXECUTOR_EXTENSION_NAME added for the model (upstream: the com.intellij.executor extension point ExecutorRegistryImpl reads).
package com.intellij.execution;

import com.intellij.openapi.extensions.ExtensionPointName;
import org.jetbrains.annotations.NotNull;

public abstract class Executor {
  public static final ExtensionPointName<Executor> EXECUTOR_EXTENSION_NAME = new ExtensionPointName<>("com.intellij.executor");

  public abstract @NotNull String getId();
}
