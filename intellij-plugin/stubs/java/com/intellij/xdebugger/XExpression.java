// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XExpression.java
// (text read: copyright 2000-2018). Only the members this plugin uses; bodies are placeholders.
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
