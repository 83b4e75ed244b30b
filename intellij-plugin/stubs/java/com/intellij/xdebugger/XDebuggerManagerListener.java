// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerManagerListener.java
// (text read: copyright 2000-2025). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface XDebuggerManagerListener {
  default void processStarted(@NotNull XDebugProcess debugProcess) { }

  default void processStopped(@NotNull XDebugProcess debugProcess) { }

  default void currentSessionChanged(@Nullable XDebugSession previousSession, @Nullable XDebugSession currentSession) { }
}
