// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ReadAction.java
// Upstream: commit not reported (index file id 54863300169, text with the single-attempt computeCancellable javadoc, the newest of 6 texts found; 252 line inferred)
// Body: as upstream: AsyncExecutionService.getService().buildNonBlockingReadAction(task).
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Callable;

public abstract class ReadAction<T> {
  public static @NotNull <T> NonBlockingReadAction<T> nonBlocking(@NotNull Callable<? extends T> task) {
    return AsyncExecutionService.getService().buildNonBlockingReadAction(task);
  }
}
