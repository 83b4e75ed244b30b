// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/Disposer.java
// Upstream: commit not reported (index file id 5702261350, text with newCheckedDisposable and the Internal disposeChildren, the newest intellij text of 2 found; 252 line inferred)
package com.intellij.openapi.util;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

public final class Disposer {
  private Disposer() { }

  public static @NotNull Disposable newDisposable(@NotNull String debugName) { throw new UnsupportedOperationException("stub"); }

  public static void register(@NotNull Disposable parent, @NotNull Disposable child) { throw new UnsupportedOperationException("stub"); }

  public static void dispose(@NotNull Disposable disposable) { throw new UnsupportedOperationException("stub"); }
}
