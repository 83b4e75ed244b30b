// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XStackFrame.java
// Upstream: commit not reported (index file id 17967743774, text (c) 2000-2024 with the Internal isDocumentEvaluator, the newest of 6 texts found; 252 line inferred)
package com.intellij.xdebugger.frame;

import com.intellij.ui.ColoredTextContainer;
import com.intellij.xdebugger.XSourcePosition;
import com.intellij.xdebugger.evaluation.XDebuggerEvaluator;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** isDocumentEvaluator() is @ApiStatus.Internal and not mirrored. */
public abstract class XStackFrame extends XValueContainer {
  public @Nullable Object getEqualityObject() { throw new UnsupportedOperationException("stub"); }

  public @Nullable XDebuggerEvaluator getEvaluator() { throw new UnsupportedOperationException("stub"); }

  public @Nullable XSourcePosition getSourcePosition() { throw new UnsupportedOperationException("stub"); }

  public void customizePresentation(@NotNull ColoredTextContainer component) { throw new UnsupportedOperationException("stub"); }
}
