// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/runners/ExecutionEnvironmentBuilder.kt (Kotlin; companion @JvmStatic create, @JvmOverloads build are static/overloads here)
// Upstream: commit not reported (index file id 7502585235, the Kotlin text (c) 2000-2020: companion @JvmStatic create(Executor, RunnerAndConfigurationSettings), @JvmOverloads build(callback = null); 252 line inferred)
// Working body, as upstream: create finds the runner with ProgramRunner.getRunner and throws ExecutionException
// ("Cannot find runner for <name>") when there is none; the project is the configuration's. Fluent setters are left out.
package com.intellij.execution.runners;

import com.intellij.execution.ExecutionException;
import com.intellij.execution.Executor;
import com.intellij.execution.RunnerAndConfigurationSettings;
import com.intellij.execution.configurations.RunnerSettings;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class ExecutionEnvironmentBuilder {
  private final @NotNull Executor executor;
  private final @NotNull RunnerAndConfigurationSettings settings;
  private final @NotNull ProgramRunner<?> runner;

  private ExecutionEnvironmentBuilder(@NotNull Executor executor, @NotNull RunnerAndConfigurationSettings settings, @NotNull ProgramRunner<?> runner) {
    this.executor = executor;
    this.settings = settings;
    this.runner = runner;
  }

  public static @NotNull ExecutionEnvironmentBuilder create(@NotNull Executor executor, @NotNull RunnerAndConfigurationSettings settings)
    throws ExecutionException {
    ProgramRunner<RunnerSettings> runner = ProgramRunner.getRunner(executor.getId(), settings.getConfiguration());
    if (runner == null) throw new ExecutionException("Cannot find runner for " + settings.getName());
    return new ExecutionEnvironmentBuilder(executor, settings, runner);
  }

  public @NotNull ExecutionEnvironment build() { return build(null); }

  public @NotNull ExecutionEnvironment build(@Nullable ProgramRunner.Callback callback) {
    return new ExecutionEnvironment(settings.getConfiguration(), executor, settings.getConfiguration().getProject(), settings, runner, callback);
  }
}
