// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/ConsoleView.java
// Upstream: fa81465e9d76d9d6fd9403d0a29fdf36001ad6c8 (252 line inferred; only print(String, ConsoleViewContentType), which the plugin calls; the rest of ExecutionConsole is left out)
package com.intellij.execution.ui;

import org.jetbrains.annotations.NotNull;

public interface ConsoleView {
  void print(@NotNull String text, @NotNull ConsoleViewContentType contentType);
}
