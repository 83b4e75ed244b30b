// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerManager.java
// Upstream: commit not reported (index file id 18861144357, text (c) 2000-2024 with newSessionBuilder, the newest of 10 texts found; 252 line inferred; NonExtendable now a real annotation; getInstance() is the project service, as upstream; getCurrentSession() added with its upstream signature)
package com.intellij.xdebugger;

import com.intellij.openapi.project.Project;
import com.intellij.xdebugger.breakpoints.XBreakpointManager;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

@ApiStatus.NonExtendable
public abstract class XDebuggerManager {
  /** A project service, looked up as upstream does. */
  public static XDebuggerManager getInstance(@NotNull Project project) {
    return project.getService(XDebuggerManager.class);
  }

  public abstract @NotNull XBreakpointManager getBreakpointManager();

  @NotNull public abstract XDebugSession[] getDebugSessions();

  public abstract @Nullable XDebugSession getCurrentSession();
}
