// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XLineBreakpoint.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.breakpoints;

import org.jetbrains.annotations.NotNull;

/* @ApiStatus.NonExtendable in the real source: use, never implement. */
public interface XLineBreakpoint<P extends XBreakpointProperties> extends XBreakpoint<P> {
  /** 0-based */
  int getLine();

  String getFileUrl();

  @Override
  @NotNull XLineBreakpointType<P> getType();

  boolean isTemporary();

  void setTemporary(boolean temporary);
}
