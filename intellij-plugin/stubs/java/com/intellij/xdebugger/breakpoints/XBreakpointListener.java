// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpointListener.java
// Upstream: commit not reported (index file id 52691542967, text (c) 2000-2023 with the Experimental breakpointError/breakpointLogMessage, the newest of 6 texts found; 252 line inferred)
package com.intellij.xdebugger.breakpoints;

import com.intellij.xdebugger.XDebugSession;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.EventListener;

/**
 * TOPIC (project level) is not mirrored: this plugin subscribes declaratively in plugin.xml. The
 * two @ApiStatus.Experimental defaults (breakpointError, breakpointLogMessage) are not mirrored either.
 */
public interface XBreakpointListener<B extends XBreakpoint<?>> extends EventListener {
  default void breakpointAdded(@NotNull B breakpoint) { }

  default void breakpointRemoved(@NotNull B breakpoint) { }

  default void breakpointChanged(@NotNull B breakpoint) { }

  default void breakpointPresentationUpdated(@NotNull B breakpoint, @Nullable XDebugSession session) { }
}
