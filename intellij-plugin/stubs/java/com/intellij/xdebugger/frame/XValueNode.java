// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueNode.java
// Upstream: fb19e0db229a12055cbdcd111d9a65566822ce97 (text (c) 2000-2016, the newest intellij text in the index; 252 line inferred, with one doubt: that text still has an abstract @Deprecated setPresentation(Icon, String, String separator, String, boolean); the stub leaves it out because the 2025-era XValueNodeImpl (index file id 3878333017) overrides only the two forms mirrored here. A plugin implementing XValueNode must add that override if the 2025.2 interface still has it)
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
