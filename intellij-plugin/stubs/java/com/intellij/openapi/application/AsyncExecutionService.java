// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/AsyncExecutionService.java
// Upstream: commit not reported (index file id 9383384298, text (c) 2000-2023, the newest of 10 texts found: @ApiStatus.Internal, protected abstract @NotNull <T> NonBlockingReadAction<T> buildNonBlockingReadAction(@NotNull Callable<? extends T>), static getService() through ApplicationManager.getApplication().getService; the executor members left out; 252 line inferred)
// Body: as upstream: an application service (the model's builds read actions that take the read lock).
package com.intellij.openapi.application;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Callable;

@ApiStatus.Internal
public abstract class AsyncExecutionService {
  protected abstract @NotNull <T> NonBlockingReadAction<T> buildNonBlockingReadAction(@NotNull Callable<? extends T> computation);

  static @NotNull AsyncExecutionService getService() { return ApplicationManager.getApplication().getService(AsyncExecutionService.class); }
}
