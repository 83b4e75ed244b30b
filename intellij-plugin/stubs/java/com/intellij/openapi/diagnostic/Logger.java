// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/diagnostic/Logger.java
// Upstream: commit not reported (index file id 4292715695, text with infoWithDebug/warnInProduction, the newest intellij text of 7 found; 252 line inferred; info(String) and error(String, Throwable) are concrete there, only warn(String, Throwable) of the three used is abstract: fixed)
// Body: as upstream: getInstance asks the installed Factory for '#'+class name (setFactory installs one; the model's records errors as violations); info(String) delegates to info(String, Throwable), error(String, Throwable) to error(String, Throwable, String...).
package com.intellij.openapi.diagnostic;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class Logger {
  public interface Factory {
    @NotNull Logger getLoggerInstance(@NotNull String category);
  }

  private static volatile Factory ourFactory = category -> new Logger() {
    @Override
    public void info(String message, @Nullable Throwable t) { System.err.println("INFO " + category + ": " + message); }

    @Override
    public void warn(String message, @Nullable Throwable t) { System.err.println("WARN " + category + ": " + message + (t == null ? "" : " " + t)); }

    @Override
    public void error(String message, @Nullable Throwable t, @NotNull String... details) { System.err.println("ERROR " + category + ": " + message + (t == null ? "" : " " + t)); }
  };

  public static void setFactory(@NotNull Factory factory) { ourFactory = factory; }

  public static @NotNull Logger getInstance(@NotNull Class<?> cl) { return ourFactory.getLoggerInstance("#" + cl.getName()); }

  public void info(String message) { info(message, null); }

  public abstract void info(String message, @Nullable Throwable t);

  public abstract void warn(String message, @Nullable Throwable t);

  public void error(String message, @Nullable Throwable t) { error(message, t, new String[0]); }

  public abstract void error(String message, @Nullable Throwable t, @NotNull String... details);
}
