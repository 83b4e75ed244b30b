// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XSuspendContext.java
// Upstream: 962a9ea7b59c52e6428db1477b7ed71b5be8c276 (text (c) 2000-2017, the newest of 6 texts found; 252 line inferred; bodies: the upstream defaults (no active stack; computeExecutionStacks answers the active one))
package com.intellij.xdebugger.frame;

import com.intellij.xdebugger.Obsolescent;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.Collections;
import java.util.List;

public abstract class XSuspendContext {
  public @Nullable XExecutionStack getActiveExecutionStack() {
    return null;
  }

  /** Upstream default: the active stack alone. */
  public void computeExecutionStacks(XExecutionStackContainer container) {
    XExecutionStack active = getActiveExecutionStack();
    container.addExecutionStack(active == null ? Collections.emptyList() : Collections.singletonList(active), true);
  }

  public interface XExecutionStackContainer extends XValueCallback, Obsolescent {
    void addExecutionStack(@NotNull List<? extends XExecutionStack> executionStacks, final boolean last);
  }
}
