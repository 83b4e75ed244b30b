// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/executors/DefaultRunExecutor.java
// Upstream: commit not reported (index file id 8476745126, text (c) 2000-2024, the newest of 7 texts found; 252 line inferred; getId() is @NotNull: fixed)
// The model gives the instance look-up its upstream body: ExecutorRegistry.getInstance().getExecutorById(EXECUTOR_ID).
package com.intellij.execution.executors;

import com.intellij.execution.Executor;
import com.intellij.execution.ExecutorRegistry;
import org.jetbrains.annotations.NotNull;

public class DefaultRunExecutor extends Executor {
  public static final String EXECUTOR_ID = "Run";

  @Override
  public @NotNull String getId() { return EXECUTOR_ID; }

  public static Executor getRunExecutorInstance() { return ExecutorRegistry.getInstance().getExecutorById(EXECUTOR_ID); }
}
