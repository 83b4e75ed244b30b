// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueModifier.java
// (text read: copyright 2000-2024 (newest text, ref 7944534738 of the API notes; setValue(String, ...) is deprecated for removal and not mirrored)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

import com.intellij.xdebugger.XExpression;
import org.jetbrains.annotations.NotNull;

public abstract class XValueModifier {
  /** Called from the EDT. */
  public void setValue(@NotNull XExpression expression, @NotNull XModificationCallback callback) {
    throw new UnsupportedOperationException("stub");
  }

  public interface XModificationCallback extends XValueCallback {
    void valueModified();
  }
}
