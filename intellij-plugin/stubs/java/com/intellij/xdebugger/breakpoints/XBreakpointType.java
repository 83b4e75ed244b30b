// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpointType.java
// Upstream: commit not reported (index file id 8259563222, text (c) 2000-2024, the newest of 8 texts found; 252 line inferred; bodies: id/title stored, the upstream defaults (no properties, thread suspension supported, getDefaultSuspendPolicy ALL))
package com.intellij.xdebugger.breakpoints;

import com.intellij.openapi.extensions.ExtensionPointName;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XBreakpointType<B extends XBreakpoint<P>, P extends XBreakpointProperties> {
  @SuppressWarnings("rawtypes")
  public static final ExtensionPointName<XBreakpointType> EXTENSION_POINT_NAME = new ExtensionPointName<>("com.intellij.xdebugger.breakpointType");

  private final @NotNull String myId;
  private final @NotNull String myTitle;

  protected XBreakpointType(@NotNull String id, @NotNull String title) {
    myId = id;
    myTitle = title;
  }

  public @Nullable P createProperties() {
    return null;
  }

  public boolean isSuspendThreadSupported() {
    return true;
  }

  public @NotNull SuspendPolicy getDefaultSuspendPolicy() {
    return SuspendPolicy.ALL;
  }

  public final @NotNull String getId() {
    return myId;
  }

  public @NotNull String getTitle() {
    return myTitle;
  }

  public abstract String getDisplayText(B breakpoint);
}
