// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution-impl/src/com/intellij/execution/ProgramRunnerUtil.java
// Upstream: commit not reported (index file id 7634089480, text (c) 2000-2022, the newest of 3 texts found; 252 line inferred)
package com.intellij.execution;

import com.intellij.execution.runners.ExecutionEnvironment;
import com.intellij.execution.runners.ProgramRunner;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class ProgramRunnerUtil {
  private ProgramRunnerUtil() { }

  public static void executeConfigurationAsync(@NotNull ExecutionEnvironment environment,
                                               boolean showSettings,
                                               boolean assignNewId,
                                               @Nullable ProgramRunner.Callback callback) {
    throw new UnsupportedOperationException("stub");
  }
}
