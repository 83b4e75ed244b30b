// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueNode.java
// (text read: copyright 2000-2016 (newest text in the index) + the 2025.2 abstract set implemented by H's AwaitableValueNode (the deprecated 5-argument setPresentation is no longer abstract there)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

import com.intellij.xdebugger.Obsolescent;
import com.intellij.xdebugger.frame.presentation.XValuePresentation;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;

/** Implemented by this plugin (a collecting node), so every abstract member of 2025.2 is mirrored. */
public interface XValueNode extends Obsolescent {
  int MAX_VALUE_LENGTH = 1000;

  void setPresentation(@Nullable Icon icon, @Nullable String type, @NotNull String value, boolean hasChildren);

  void setPresentation(@Nullable Icon icon, @NotNull XValuePresentation presentation, boolean hasChildren);

  void setFullValueEvaluator(@NotNull XFullValueEvaluator fullValueEvaluator);
}
