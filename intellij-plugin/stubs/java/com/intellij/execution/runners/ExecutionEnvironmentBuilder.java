// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/runners/ExecutionEnvironmentBuilder.kt (Kotlin; companion @JvmStatic create, @JvmOverloads build are static/overloads here)
// Upstream: commit not reported (index file id 7502585235, the Kotlin text (c) 2000-2020: companion @JvmStatic create(Executor, RunnerAndConfigurationSettings), @JvmOverloads build(callback = null); 252 line inferred)
package com.intellij.execution.runners;

import com.intellij.execution.ExecutionException;
import com.intellij.execution.Executor;
import com.intellij.execution.RunnerAndConfigurationSettings;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class ExecutionEnvironmentBuilder {
  private ExecutionEnvironmentBuilder() { }

  public static @NotNull ExecutionEnvironmentBuilder create(@NotNull Executor executor, @NotNull RunnerAndConfigurationSettings settings)
    throws ExecutionException {
    throw new UnsupportedOperationException("stub");
  }

  public @NotNull ExecutionEnvironment build() { throw new UnsupportedOperationException("stub"); }

  public @NotNull ExecutionEnvironment build(@Nullable ProgramRunner.Callback callback) { throw new UnsupportedOperationException("stub"); }
}
