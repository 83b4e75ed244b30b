// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XLineBreakpointType.java
// (text read: copyright 2000-2017 (canPutAt/createBreakpointProperties/getPriority; H uses the same against 2025.2.6)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.breakpoints;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XLineBreakpointType<P extends XBreakpointProperties> extends XBreakpointType<XLineBreakpoint<P>, P> {
  protected XLineBreakpointType(@NotNull String id, @NotNull String title) { super(id, title); }

  /** Needs read access. */
  public boolean canPutAt(@NotNull VirtualFile file, int line, @NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public abstract @Nullable P createBreakpointProperties(@NotNull VirtualFile file, int line);

  public int getPriority() { throw new UnsupportedOperationException("stub"); }
}
