// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XExecutionStack.java
// Upstream: commit not reported (index file id 3587154085, text with SELECTED_STACKS and AdditionalDisplayInfo, the newest of 9 texts found; 252 line inferred; the display name is stored, as upstream)
package com.intellij.xdebugger.frame;

import com.intellij.xdebugger.Obsolescent;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.List;

public abstract class XExecutionStack {
  private final String myDisplayName;

  protected XExecutionStack(String displayName) {
    myDisplayName = displayName;
  }

  public final @NotNull String getDisplayName() {
    return myDisplayName;
  }

  public abstract @Nullable XStackFrame getTopFrame();

  /** Called from the EDT; frames may arrive in several batches. */
  public abstract void computeStackFrames(int firstFrameIndex, XStackFrameContainer container);

  public interface XStackFrameContainer extends Obsolescent, XValueCallback {
    void addStackFrames(@NotNull List<? extends XStackFrame> stackFrames, boolean last);
  }
}
