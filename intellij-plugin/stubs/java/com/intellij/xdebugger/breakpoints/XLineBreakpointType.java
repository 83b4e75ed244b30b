// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XLineBreakpointType.java
// Upstream: commit not reported (index file id 5682883263, text (c) 2000-2023, the newest of 7 texts found; 252 line inferred; bodies: the upstream defaults (canPutAt false, priority 0))
package com.intellij.xdebugger.breakpoints;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XLineBreakpointType<P extends XBreakpointProperties> extends XBreakpointType<XLineBreakpoint<P>, P> {
  protected XLineBreakpointType(@NotNull String id, @NotNull String title) { super(id, title); }

  /** Needs read access. */
  public boolean canPutAt(@NotNull VirtualFile file, int line, @NotNull Project project) {
    return false;
  }

  public abstract @Nullable P createBreakpointProperties(@NotNull VirtualFile file, int line);

  public int getPriority() {
    return 0;
  }
}
