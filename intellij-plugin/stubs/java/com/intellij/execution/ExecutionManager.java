// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ExecutionManager.kt
// (Kotlin abstract class; text read: copyright 2000-2020). Its companion's @JvmStatic getInstance is a
// static here. isStarting(ExecutionEnvironment) is public; isStarting(String, String) is Internal and not mirrored.
package com.intellij.execution;

import com.intellij.execution.runners.ExecutionEnvironment;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public abstract class ExecutionManager {
  public static @NotNull ExecutionManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public boolean isStarting(@NotNull ExecutionEnvironment environment) { throw new UnsupportedOperationException("stub"); }
}
