// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/diagnostic/Logger.java
// Upstream: commit not reported (index file id 4292715695, text with infoWithDebug/warnInProduction, the newest intellij text of 7 found; 252 line inferred; info(String) and error(String, Throwable) are concrete there, only warn(String, Throwable) of the three used is abstract: fixed)
package com.intellij.openapi.diagnostic;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class Logger {
  public static @NotNull Logger getInstance(@NotNull Class<?> cl) { throw new UnsupportedOperationException("stub"); }

  public void info(String message) { throw new UnsupportedOperationException("stub"); }

  public abstract void warn(String message, @Nullable Throwable t);

  public void error(String message, @Nullable Throwable t) { throw new UnsupportedOperationException("stub"); }
}
