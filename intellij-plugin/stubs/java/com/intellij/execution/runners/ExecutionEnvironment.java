// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/runners/ExecutionEnvironment.java
// Upstream: commit not reported (index file id 6250041835, text (c) 2000-2023 with the Internal setCallback, the newest of 3 texts found; 252 line inferred)
package com.intellij.execution.runners;

import com.intellij.execution.Executor;
import com.intellij.execution.RunnerAndConfigurationSettings;
import com.intellij.execution.configurations.RunProfile;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class ExecutionEnvironment {
  private ExecutionEnvironment() { }

  public @NotNull Project getProject() { throw new UnsupportedOperationException("stub"); }

  public @NotNull RunProfile getRunProfile() { throw new UnsupportedOperationException("stub"); }

  public @Nullable RunnerAndConfigurationSettings getRunnerAndConfigurationSettings() { throw new UnsupportedOperationException("stub"); }

  public long assignNewExecutionId() { throw new UnsupportedOperationException("stub"); }

  public long getExecutionId() { throw new UnsupportedOperationException("stub"); }

  public @NotNull Executor getExecutor() { throw new UnsupportedOperationException("stub"); }
}
