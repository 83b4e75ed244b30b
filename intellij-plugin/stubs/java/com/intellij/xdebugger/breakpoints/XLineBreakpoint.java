// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XLineBreakpoint.java
// Upstream: commit not reported (index file id 3599237349, text (c) 2000-2024 with @ApiStatus.NonExtendable, the newest of 5 texts found; 252 line inferred; NonExtendable now a real annotation)
package com.intellij.xdebugger.breakpoints;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

@ApiStatus.NonExtendable
public interface XLineBreakpoint<P extends XBreakpointProperties> extends XBreakpoint<P> {
  /** 0-based */
  int getLine();

  String getFileUrl();

  @Override
  @NotNull XLineBreakpointType<P> getType();

  boolean isTemporary();

  void setTemporary(boolean temporary);
}
