// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpointManager.java
// Upstream: commit not reported (index file id 52992435140, text (c) 2000-2024 with the Internal XLineBreakpointPlacement overloads, the newest of 10 texts found; 252 line inferred)
package com.intellij.xdebugger.breakpoints;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.Collection;
import java.util.Set;

@ApiStatus.NonExtendable
public interface XBreakpointManager {
  @NotNull <T extends XBreakpointProperties> XBreakpoint<T> addBreakpoint(XBreakpointType<XBreakpoint<T>, T> type, @Nullable T properties);

  @NotNull <T extends XBreakpointProperties> XLineBreakpoint<T> addLineBreakpoint(XLineBreakpointType<T> type,
                                                                                  @NotNull String fileUrl,
                                                                                  int line,
                                                                                  @Nullable T properties,
                                                                                  boolean temporary);

  void removeBreakpoint(@NotNull XBreakpoint<?> breakpoint);

  @NotNull XBreakpoint<?>[] getAllBreakpoints();

  @NotNull <B extends XLineBreakpoint<P>, P extends XBreakpointProperties> Collection<B> findBreakpointsAtLine(@NotNull XLineBreakpointType<P> type,
                                                                                                             @NotNull VirtualFile file,
                                                                                                             int line);

  boolean isDefaultBreakpoint(@NotNull XBreakpoint<?> breakpoint);

  @NotNull <B extends XBreakpoint<?>> Set<B> getDefaultBreakpoints(@NotNull XBreakpointType<B, ?> type);
}
