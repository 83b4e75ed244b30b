// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XStackFrame.java
// Upstream: commit not reported (index file id 17967743774, text (c) 2000-2024 with the Internal isDocumentEvaluator, the newest of 6 texts found; 252 line inferred; bodies: the upstream defaults (customizePresentation is the text form, customizeTextPresentation draws "file:line" without the icon); the Flow form customizePresentation() is @ApiStatus.Experimental and not mirrored)
package com.intellij.xdebugger.frame;

import com.intellij.ui.ColoredTextContainer;
import com.intellij.ui.SimpleTextAttributes;
import com.intellij.xdebugger.XDebuggerBundle;
import com.intellij.xdebugger.XSourcePosition;
import com.intellij.xdebugger.evaluation.XDebuggerEvaluator;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** isDocumentEvaluator() is @ApiStatus.Internal and not mirrored. */
public abstract class XStackFrame extends XValueContainer {
  public @Nullable Object getEqualityObject() {
    return null;
  }

  public @Nullable XDebuggerEvaluator getEvaluator() {
    return null;
  }

  public @Nullable XSourcePosition getSourcePosition() {
    return null;
  }

  /** The UI form; upstream default: the text form. */
  public void customizePresentation(@NotNull ColoredTextContainer component) {
    customizeTextPresentation(component);
  }

  /** The text form ("Copy Stack"; the platform calls it in a read action). Upstream default: "file.py:12" from the source position (the frame icon is not modelled). */
  public void customizeTextPresentation(@NotNull ColoredTextContainer component) {
    XSourcePosition position = getSourcePosition();
    if (position != null) {
      component.append(position.getFile().getName(), SimpleTextAttributes.REGULAR_ATTRIBUTES);
      component.append(":" + (position.getLine() + 1), SimpleTextAttributes.REGULAR_ATTRIBUTES);
    }
    else {
      component.append(XDebuggerBundle.message("invalid.frame"), SimpleTextAttributes.ERROR_ATTRIBUTES);
    }
  }
}
