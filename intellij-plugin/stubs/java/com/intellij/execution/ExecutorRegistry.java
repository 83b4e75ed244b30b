// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ExecutorRegistry.java
// Upstream: commit not reported (index file id 8057834894, text (c) 2000-2024; 252 line inferred)
// The model registers the application service (ExecutorRegistryImpl reads the com.intellij.executor extensions).
package com.intellij.execution;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ExecutorRegistry {
  public static ExecutorRegistry getInstance() {
    return ApplicationManager.getApplication().getService(ExecutorRegistry.class);
  }

  public abstract @Nullable Executor getExecutorById(@NotNull String executorId);
}
