// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugSession.java
// Upstream: commit not reported (index file id 18841460588, text (c) 2000-2025, the newest of 7 texts found; it already has the 2025.3 XDebugSessionBuilder API, so '252 line inferred' for every member; getExecutionEnvironment() (2025.3+) deliberately left out; NonExtendable now a real annotation)
package com.intellij.xdebugger;

import com.intellij.execution.configurations.RunProfile;
import com.intellij.execution.ui.ConsoleView;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.project.Project;
import com.intellij.xdebugger.frame.XExecutionStack;
import com.intellij.xdebugger.frame.XStackFrame;
import com.intellij.xdebugger.frame.XSuspendContext;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** getRunContentDescriptor() (@Deprecated, errors in split mode), getUI() (Obsolete) and isMixedMode() (Internal) are deliberately not mirrored. */
@ApiStatus.NonExtendable
public interface XDebugSession extends AbstractDebuggerSession {
  @NotNull Project getProject();

  @NotNull XDebugProcess getDebugProcess();

  boolean isSuspended();

  @Nullable XStackFrame getCurrentStackFrame();

  @Nullable XSuspendContext getSuspendContext();

  /** Position of the top frame */
  @Nullable XSourcePosition getTopFramePosition();

  void stepOver(boolean ignoreBreakpoints);

  void stepInto();

  void stepOut();

  void forceStepInto();

  void runToPosition(@NotNull XSourcePosition position, final boolean ignoreBreakpoints);

  void pause();

  void resume();

  void setCurrentStackFrame(@NotNull XExecutionStack executionStack, @NotNull XStackFrame frame, boolean isTopFrame);

  default void setCurrentStackFrame(@NotNull XExecutionStack executionStack, @NotNull XStackFrame frame) {
    setCurrentStackFrame(executionStack, frame, frame.equals(executionStack.getTopFrame()));
  }

  void stop();

  void setBreakpointMuted(boolean muted);

  boolean areBreakpointsMuted();

  void addSessionListener(@NotNull XDebugSessionListener listener, @NotNull Disposable parentDisposable);

  @NotNull String getSessionName();

  @Nullable RunProfile getRunProfile();

  ConsoleView getConsoleView();
}
