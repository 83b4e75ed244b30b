// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/WriteAction.java
// Upstream: 04e57e4d8b6e162d7d758a694edadfa11d9bd593 (text (c) 2000-2017; 252 line inferred: run/compute are the same static generic methods in it)
// Body: as upstream: both delegate to Application.runWriteAction, which enforces the thread rule.
package com.intellij.openapi.application;

import com.intellij.openapi.util.ThrowableComputable;
import com.intellij.util.ThrowableRunnable;
import org.jetbrains.annotations.NotNull;

public abstract class WriteAction<T> {
  /** Executes {@code action} inside a write action. Must be called from the EDT. */
  public static <E extends Throwable> void run(@NotNull ThrowableRunnable<E> action) throws E {
    ApplicationManager.getApplication().runWriteAction(() -> {
      action.run();
      return null;
    });
  }

  public static <T, E extends Throwable> T compute(@NotNull ThrowableComputable<T, E> action) throws E {
    return ApplicationManager.getApplication().runWriteAction(action);
  }
}
