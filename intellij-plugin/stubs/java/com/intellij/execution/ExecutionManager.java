// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ExecutionManager.kt
// Upstream: commit not reported (index file id 6161740716, a Kotlin text (c) 2000-2020 with the Internal isStarting(String, String); 252 line inferred; isStarting(ExecutionEnvironment) is a non-open Kotlin fun, so final: fixed)
// static here. isStarting(ExecutionEnvironment) is public; isStarting(String, String) is Internal and not mirrored.
package com.intellij.execution;

import com.intellij.execution.runners.ExecutionEnvironment;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public abstract class ExecutionManager {
  public static @NotNull ExecutionManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public final boolean isStarting(@NotNull ExecutionEnvironment environment) { throw new UnsupportedOperationException("stub"); }
}
