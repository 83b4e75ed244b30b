// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/evaluation/XDebuggerEvaluator.java
// Upstream: commit not reported (index file id 8322809048, text (c) 2000-2024 with XEvaluationCallback.invalidExpression, the newest of 10 texts found; 252 line inferred; bodies: the upstream defaults (evaluate(XExpression) evaluates its text; code fragments supported))
package com.intellij.xdebugger.evaluation;

import com.intellij.xdebugger.XExpression;
import com.intellij.xdebugger.XSourcePosition;
import com.intellij.xdebugger.frame.XValue;
import com.intellij.xdebugger.frame.XValueCallback;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XDebuggerEvaluator {
  public abstract void evaluate(@NotNull String expression, @NotNull XEvaluationCallback callback, @Nullable XSourcePosition expressionPosition);

  /** Upstream default: evaluates the expression's text. */
  public void evaluate(@NotNull XExpression expression, @NotNull XEvaluationCallback callback, @Nullable XSourcePosition expressionPosition) {
    evaluate(expression.getExpression(), callback, expressionPosition);
  }

  public boolean isCodeFragmentEvaluationSupported() {
    return true;
  }

  public interface XEvaluationCallback extends XValueCallback {
    void evaluated(@NotNull XValue result);
  }
}
