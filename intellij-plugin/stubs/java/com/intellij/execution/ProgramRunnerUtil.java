// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution-impl/src/com/intellij/execution/ProgramRunnerUtil.java
// Upstream: 044aac10808b529210e6773ddf42395553972fea (index file id 22169078047, text (c) 2000-2022; earlier record: index file id 7634089480; 252 line inferred)
// executeConfigurationAsync has its upstream body: nothing at all (not even the callback) while the same environment is starting.
package com.intellij.execution;

import com.intellij.execution.impl.ExecutionManagerImpl;
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
    ExecutionManagerImpl manager = (ExecutionManagerImpl)ExecutionManager.getInstance(environment.getProject());
    if (!manager.isStarting(environment)) {
      if (callback != null) {
        environment.setCallback(callback);
      }
      manager.executeConfiguration(environment, showSettings, assignNewId);
    }
  }
}
