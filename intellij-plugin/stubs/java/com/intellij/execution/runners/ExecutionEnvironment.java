// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/runners/ExecutionEnvironment.java
// Upstream: commit not reported (index file id 6250041835, text (c) 2000-2023 with the Internal setCallback, the newest of 3 texts found; 252 line inferred)
// Working body, as upstream: ids come from one static counter starting at 1 (the first assigned id is 2), 0 means none. Left out:
// UserDataHolderBase, Disposable, targets, runner settings, data context. setCallback is Internal (the model's platform calls it).
package com.intellij.execution.runners;

import com.intellij.execution.Executor;
import com.intellij.execution.RunnerAndConfigurationSettings;
import com.intellij.execution.configurations.RunProfile;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.concurrent.atomic.AtomicLong;

public final class ExecutionEnvironment {
  private static final AtomicLong myIdHolder = new AtomicLong(1L);

  private final @NotNull Project myProject;
  private final @NotNull RunProfile myRunProfile;
  private final @NotNull Executor myExecutor;
  private final @Nullable RunnerAndConfigurationSettings myRunnerAndConfigurationSettings;
  private final @NotNull ProgramRunner<?> myRunner;
  private volatile long myExecutionId = 0;
  private volatile @Nullable ProgramRunner.Callback callback;

  public ExecutionEnvironment(@NotNull Executor executor,
                              @NotNull ProgramRunner runner,
                              @NotNull RunnerAndConfigurationSettings settings,
                              @NotNull Project project) {
    this(settings.getConfiguration(), executor, project, settings, runner, null);
  }

  ExecutionEnvironment(@NotNull RunProfile runProfile,
                       @NotNull Executor executor,
                       @NotNull Project project,
                       @Nullable RunnerAndConfigurationSettings settings,
                       @NotNull ProgramRunner<?> runner,
                       @Nullable ProgramRunner.Callback callback) {
    myExecutor = executor;
    myRunProfile = runProfile;
    myProject = project;
    myRunnerAndConfigurationSettings = settings;
    myRunner = runner;
    this.callback = callback;
  }

  @ApiStatus.Internal
  public void setCallback(@Nullable ProgramRunner.Callback callback) { this.callback = callback; }

  public @Nullable ProgramRunner.Callback getCallback() { return callback; }

  public @NotNull Project getProject() { return myProject; }

  public @NotNull RunProfile getRunProfile() { return myRunProfile; }

  public @Nullable RunnerAndConfigurationSettings getRunnerAndConfigurationSettings() { return myRunnerAndConfigurationSettings; }

  public @NotNull ProgramRunner<?> getRunner() { return myRunner; }

  public long assignNewExecutionId() {
    myExecutionId = myIdHolder.incrementAndGet();
    return myExecutionId;
  }

  public void setExecutionId(long executionId) { myExecutionId = executionId; }

  public long getExecutionId() { return myExecutionId; }

  public @NotNull Executor getExecutor() { return myExecutor; }

  @Override
  public String toString() {
    return myRunnerAndConfigurationSettings != null ? myRunnerAndConfigurationSettings.getName() : myRunProfile.getName();
  }
}
