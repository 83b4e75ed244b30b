// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/runners/ProgramRunner.java
// Upstream: commit not reported (index file id 4009971733, text (c) 2000-2023, the newest of 4 texts found; 252 line inferred)
package com.intellij.execution.runners;

import com.intellij.execution.configurations.RunProfile;
import com.intellij.execution.configurations.RunnerSettings;
import com.intellij.execution.ui.RunContentDescriptor;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ProgramRunner<Settings extends RunnerSettings> {
  interface Callback {
    void processStarted(RunContentDescriptor descriptor);

    /** @deprecated Use {@link #processNotStarted(Throwable)} */
    @Deprecated
    default void processNotStarted() { }

    default void processNotStarted(@Nullable Throwable error) { processNotStarted(); }
  }

  static @Nullable ProgramRunner<RunnerSettings> getRunner(@NotNull String executorId, @NotNull RunProfile settings) {
    throw new UnsupportedOperationException("stub");
  }
}
