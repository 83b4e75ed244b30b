// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerManagerListener.java
// Upstream: commit not reported (index file id 8903709020, text (c) 2000-2023, the newest of 2 texts found; 252 line inferred)
package com.intellij.xdebugger;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface XDebuggerManagerListener {
  default void processStarted(@NotNull XDebugProcess debugProcess) { }

  default void processStopped(@NotNull XDebugProcess debugProcess) { }

  default void currentSessionChanged(@Nullable XDebugSession previousSession, @Nullable XDebugSession currentSession) { }
}
