// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpointType.java
// Upstream: commit not reported (index file id 8259563222, text (c) 2000-2024, the newest of 8 texts found; 252 line inferred)
package com.intellij.xdebugger.breakpoints;

import com.intellij.openapi.extensions.ExtensionPointName;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XBreakpointType<B extends XBreakpoint<P>, P extends XBreakpointProperties> {
  @SuppressWarnings("rawtypes")
  public static final ExtensionPointName<XBreakpointType> EXTENSION_POINT_NAME = new ExtensionPointName<>("com.intellij.xdebugger.breakpointType");

  protected XBreakpointType(@NotNull String id, @NotNull String title) { }

  public @Nullable P createProperties() { throw new UnsupportedOperationException("stub"); }

  public boolean isSuspendThreadSupported() { throw new UnsupportedOperationException("stub"); }

  public final @NotNull String getId() { throw new UnsupportedOperationException("stub"); }

  public @NotNull String getTitle() { throw new UnsupportedOperationException("stub"); }

  public abstract String getDisplayText(B breakpoint);
}
