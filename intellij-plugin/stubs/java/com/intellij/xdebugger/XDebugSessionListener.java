// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugSessionListener.java
// Upstream: commit not reported (index file id 4725463405, text (c) 2000-2018 with breakpointsMuted and the Experimental stackFrameChanged(boolean), the newest of 4 texts found; 252 line inferred)
package com.intellij.xdebugger;

import org.jetbrains.annotations.ApiStatus;

import java.util.EventListener;

public interface XDebugSessionListener extends EventListener {
  default void sessionPaused() { }

  default void sessionResumed() { }

  default void sessionStopped() { }

  default void stackFrameChanged() { }

  @ApiStatus.Experimental
  default void stackFrameChanged(boolean changedByUser) { stackFrameChanged(); }

  default void beforeSessionResume() { }

  default void settingsChanged() { }

  default void breakpointsMuted(boolean muted) { }
}
