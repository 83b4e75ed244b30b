// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/runners/ProgramRunner.java
// Upstream: commit not reported (index file id 4009971733, text (c) 2000-2023, the newest of 4 texts found; 252 line inferred)
// getRunner has its upstream body (the first com.intellij.programRunner extension whose canRun accepts; findFirstSafe is a plain
// search here); getRunnerId, canRun and execute are added for the model's runners.
package com.intellij.execution.runners;

import com.intellij.execution.ExecutionException;
import com.intellij.execution.configurations.RunProfile;
import com.intellij.execution.configurations.RunnerSettings;
import com.intellij.execution.ui.RunContentDescriptor;
import com.intellij.openapi.extensions.ExtensionPointName;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ProgramRunner<Settings extends RunnerSettings> {
  ExtensionPointName<ProgramRunner<? extends RunnerSettings>> PROGRAM_RUNNER_EP = new ExtensionPointName<>("com.intellij.programRunner");

  interface Callback {
    void processStarted(RunContentDescriptor descriptor);

    /** @deprecated Use {@link #processNotStarted(Throwable)} */
    @Deprecated
    default void processNotStarted() { }

    default void processNotStarted(@Nullable Throwable error) { processNotStarted(); }
  }

  @SuppressWarnings("unchecked")
  static @Nullable ProgramRunner<RunnerSettings> getRunner(@NotNull String executorId, @NotNull RunProfile settings) {
    for (ProgramRunner<? extends RunnerSettings> runner : PROGRAM_RUNNER_EP.getExtensionList()) {
      if (runner.canRun(executorId, settings)) return (ProgramRunner<RunnerSettings>)runner;
    }
    return null;
  }

  @NotNull String getRunnerId();

  boolean canRun(@NotNull String executorId, @NotNull RunProfile profile);

  void execute(@NotNull ExecutionEnvironment environment) throws ExecutionException;
}
