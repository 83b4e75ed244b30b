// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ReadAction.java
// (text read: copyright 2000-2021). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Callable;

public abstract class ReadAction<T> {
  public static @NotNull <T> NonBlockingReadAction<T> nonBlocking(@NotNull Callable<? extends T> task) {
    throw new UnsupportedOperationException("stub");
  }
}
