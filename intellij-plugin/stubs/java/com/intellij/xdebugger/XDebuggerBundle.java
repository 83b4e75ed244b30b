// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerBundle.java
// Upstream: 30c72646dc05eb297303380e1726981c83c37f07 (text (c) 2000-2013, the only upstream text in the index: non-final, message() unannotated; 252 line NOT read: the stub keeps the DynamicBundle-era form, final with @NotNull message(), as quoted from 252-era source in a third-party copy, index file id 37267569817)
package com.intellij.xdebugger;

import org.jetbrains.annotations.NotNull;

public final class XDebuggerBundle {
  private XDebuggerBundle() { }

  public static @NotNull String message(@NotNull String key, @NotNull Object... params) { throw new UnsupportedOperationException("stub"); }
}
