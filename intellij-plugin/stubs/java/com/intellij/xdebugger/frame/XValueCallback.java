// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueCallback.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

public interface XValueCallback {
  void errorOccurred(@NotNull String errorMessage);
}
