// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugSession.java
// (text read: copyright 2000-2025). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

import com.intellij.execution.configurations.RunProfile;
import com.intellij.execution.runners.ExecutionEnvironment;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.project.Project;
import com.intellij.xdebugger.frame.XExecutionStack;
import com.intellij.xdebugger.frame.XStackFrame;
import com.intellij.xdebugger.frame.XSuspendContext;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** getRunContentDescriptor() (@Deprecated, errors in split mode), getUI() (Obsolete) and isMixedMode() (Internal) are deliberately not mirrored. */
/* @ApiStatus.NonExtendable in the real source: use, never implement. */
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

  @Nullable ExecutionEnvironment getExecutionEnvironment();
}
