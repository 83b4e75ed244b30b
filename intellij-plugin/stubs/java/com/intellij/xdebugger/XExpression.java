// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XExpression.java
// Upstream: 6cff455c21409de03d4c6167a07b3ef4a150e705 (text (c) 2000-2018; 252 line inferred: no newer text in the index)
package com.intellij.xdebugger;

import com.intellij.lang.Language;
import com.intellij.xdebugger.evaluation.EvaluationMode;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface XExpression {
  @NotNull String getExpression();

  @Nullable Language getLanguage();

  @Nullable String getCustomInfo();

  @NotNull EvaluationMode getMode();
}
