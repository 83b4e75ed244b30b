// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueModifier.java
// Upstream: commit not reported (index file id 54542892460, text (c) 2000-2024, the newest of 7 texts found; 252 line inferred; setValue(XExpression, ...) is abstract there, the String overload gone: fixed)
package com.intellij.xdebugger.frame;

import com.intellij.xdebugger.XExpression;
import org.jetbrains.annotations.NotNull;

public abstract class XValueModifier {
  /** Called from the EDT. */
  public abstract void setValue(@NotNull XExpression expression, @NotNull XModificationCallback callback);

  public interface XModificationCallback extends XValueCallback {
    void valueModified();
  }
}
