// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValue.java
// Upstream: commit not reported (index file id 3804048130, text with the Internal getModifierAsync/isReady/getXValueDescriptorAsync, the newest of 10 texts found; 252 line inferred; bodies: the upstream defaults (null))
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XValue extends XValueContainer {
  public abstract void computePresentation(@NotNull XValueNode node, @NotNull XValuePlace place);

  public @Nullable String getEvaluationExpression() {
    return null;
  }

  public @Nullable XValueModifier getModifier() {
    return null;
  }
}
