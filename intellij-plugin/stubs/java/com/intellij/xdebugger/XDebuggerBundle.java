// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerBundle.java
// (text read: copyright 2000-2020). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

import org.jetbrains.annotations.NotNull;

public final class XDebuggerBundle {
  private XDebuggerBundle() { }

  public static @NotNull String message(@NotNull String key, @NotNull Object... params) { throw new UnsupportedOperationException("stub"); }
}
