// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/diagnostic/Logger.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.diagnostic;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class Logger {
  public static @NotNull Logger getInstance(@NotNull Class<?> cl) { throw new UnsupportedOperationException("stub"); }

  public abstract void info(String message);

  public abstract void warn(String message, @Nullable Throwable t);

  public abstract void error(String message, @Nullable Throwable t);
}
