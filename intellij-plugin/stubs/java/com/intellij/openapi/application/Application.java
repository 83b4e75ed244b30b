// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/Application.java
// Upstream: commit not reported (index file id 3315297793, text with the 2022.3 ScheduledForRemoval members, the newest of the intellij texts found among 149 stored versions; 252 line inferred; the Callable<T> overload of executeOnPooledThread added)
// Body: an interface: the platform model (intellij-plugin/platform-model, core/ModelApplication) implements it; the read/write, thread and modality members are the upstream ones the stubs' bodies call.
package com.intellij.openapi.application;

import com.intellij.openapi.components.ComponentManager;
import com.intellij.openapi.util.ThrowableComputable;
import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Callable;
import java.util.concurrent.Future;

public interface Application extends ComponentManager {
  void invokeLater(@NotNull Runnable runnable, @NotNull ModalityState state);

  @NotNull Future<?> executeOnPooledThread(@NotNull Runnable action);

  @NotNull <T> Future<T> executeOnPooledThread(@NotNull Callable<T> action);

  <T, E extends Throwable> T runReadAction(@NotNull ThrowableComputable<T, E> computation) throws E;

  <T, E extends Throwable> T runWriteAction(@NotNull ThrowableComputable<T, E> computation) throws E;

  boolean isDispatchThread();

  boolean isReadAccessAllowed();

  boolean isWriteAccessAllowed();

  void assertReadAccessAllowed();

  void assertIsDispatchThread();

  @NotNull ModalityState getCurrentModalityState();

  @NotNull ModalityState getAnyModalityState();

  @NotNull ModalityState getNoneModalityState();

  @NotNull ModalityState getDefaultModalityState();
}
