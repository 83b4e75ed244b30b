// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugSessionListener.java
// (text read: copyright 2000-2018). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

import java.util.EventListener;

public interface XDebugSessionListener extends EventListener {
  default void sessionPaused() { }

  default void sessionResumed() { }

  default void sessionStopped() { }

  default void stackFrameChanged() { }

  default void beforeSessionResume() { }

  default void settingsChanged() { }
}
