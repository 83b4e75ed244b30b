// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/AbstractDebuggerSession.java
// Upstream: 280b77687d90bea9eca1bcd24f54f6e9c7bb8f6d (text (c) 2000-2009; 252 line inferred: the two members are unchanged in the 3 stored versions' class shape)
package com.intellij.xdebugger;

public interface AbstractDebuggerSession {
  boolean isStopped();

  boolean isPaused();
}
