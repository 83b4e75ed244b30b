// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerManager.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

import com.intellij.openapi.project.Project;
import com.intellij.xdebugger.breakpoints.XBreakpointManager;
import org.jetbrains.annotations.NotNull;

/* @ApiStatus.NonExtendable in the real source: use, never implement. */
public abstract class XDebuggerManager {
  public static XDebuggerManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull XBreakpointManager getBreakpointManager();

  @NotNull public abstract XDebugSession[] getDebugSessions();
}
