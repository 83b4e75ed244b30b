// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/WriteAction.java
// (text read: copyright 2000-2023). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.application;

import com.intellij.openapi.util.ThrowableComputable;
import com.intellij.util.ThrowableRunnable;
import org.jetbrains.annotations.NotNull;

public abstract class WriteAction<T> {
  /** Executes {@code action} inside a write action. Must be called from the EDT. */
  public static <E extends Throwable> void run(@NotNull ThrowableRunnable<E> action) throws E {
    throw new UnsupportedOperationException("stub");
  }

  public static <T, E extends Throwable> T compute(@NotNull ThrowableComputable<T, E> action) throws E {
    throw new UnsupportedOperationException("stub");
  }
}
