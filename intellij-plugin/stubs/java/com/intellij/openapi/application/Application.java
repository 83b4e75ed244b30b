// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/Application.java
// Upstream: commit not reported (index file id 3315297793, text with the 2022.3 ScheduledForRemoval members, the newest of the intellij texts found among 149 stored versions; 252 line inferred; the Callable<T> overload of executeOnPooledThread added)
package com.intellij.openapi.application;

import com.intellij.openapi.components.ComponentManager;
import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Callable;
import java.util.concurrent.Future;

public interface Application extends ComponentManager {
  void invokeLater(@NotNull Runnable runnable, @NotNull ModalityState state);

  @NotNull Future<?> executeOnPooledThread(@NotNull Runnable action);

  @NotNull <T> Future<T> executeOnPooledThread(@NotNull Callable<T> action);
}
