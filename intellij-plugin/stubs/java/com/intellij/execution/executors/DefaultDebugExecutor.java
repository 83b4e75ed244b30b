// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/execution/executors/DefaultDebugExecutor.java
// Upstream: commit not reported (index file id 8177562089, text (c) 2000-2024, the newest of 7 texts found; the stored version at this path is cd2681ed1d7efcd7737c64f11ecc9bb2ed4dfc55; 252 line inferred; getId() is @NotNull: fixed)
// The model gives the instance look-up its upstream body: ExecutorRegistry.getInstance().getExecutorById(EXECUTOR_ID).
package com.intellij.execution.executors;

import com.intellij.execution.Executor;
import com.intellij.execution.ExecutorRegistry;
import org.jetbrains.annotations.NotNull;

public class DefaultDebugExecutor extends Executor {
  public static final String EXECUTOR_ID = "Debug";

  @Override
  public @NotNull String getId() { return EXECUTOR_ID; }

  public static Executor getDebugExecutorInstance() { return ExecutorRegistry.getInstance().getExecutorById(EXECUTOR_ID); }
}
