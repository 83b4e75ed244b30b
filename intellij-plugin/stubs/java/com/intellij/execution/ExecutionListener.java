// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ExecutionListener.java
// Upstream: 0d756ce25492936f431ce64650c9fff6046a34f0 (text (c) 2000-2020 with processNotStarted(String, ExecutionEnvironment, Throwable), the only stored version at this path; 252 line inferred)
package com.intellij.execution;

import com.intellij.execution.process.ProcessHandler;
import com.intellij.execution.runners.ExecutionEnvironment;
import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

/** The deprecated RunProfile-based overloads are not mirrored (this plugin never overrides or calls them). */
public interface ExecutionListener extends EventListener {
  default void processStartScheduled(@NotNull String executorId, @NotNull ExecutionEnvironment env) { }

  default void processStarting(@NotNull String executorId, @NotNull ExecutionEnvironment env) { }

  default void processNotStarted(@NotNull String executorId, @NotNull ExecutionEnvironment env) { }

  default void processNotStarted(@NotNull String executorId, @NotNull ExecutionEnvironment env, Throwable cause) {
    processNotStarted(executorId, env);
  }

  /** Called before {@link ProcessHandler#startNotify()}. */
  default void processStarting(@NotNull String executorId, @NotNull ExecutionEnvironment env, @NotNull ProcessHandler handler) { }

  /** Called after {@link ProcessHandler#startNotify()}. */
  default void processStarted(@NotNull String executorId, @NotNull ExecutionEnvironment env, @NotNull ProcessHandler handler) { }

  default void processTerminating(@NotNull String executorId, @NotNull ExecutionEnvironment env, @NotNull ProcessHandler handler) { }

  default void processTerminated(@NotNull String executorId, @NotNull ExecutionEnvironment env, @NotNull ProcessHandler handler,
                                 int exitCode) { }
}
