// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueCallback.java
// Upstream: 3db8bf6359d70c5ed8da67d18c992c45663a3639 (text without copyright header, one of 2 stored versions; 252 line inferred)
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

public interface XValueCallback {
  void errorOccurred(@NotNull String errorMessage);
}
