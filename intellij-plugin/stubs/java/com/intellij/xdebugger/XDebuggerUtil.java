// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerUtil.java
// Upstream: commit not reported (index file id 692077775, text (c) 2000-2017, the newest of 7 texts found; 252 line NOT read: the four members used are the same in every text, and the 2025 XDebuggerUtilImpl (index file id 37224287215) overrides createExpression with the same types; getInstance() is the application service, as upstream)
package com.intellij.xdebugger;

import com.intellij.lang.Language;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.vfs.VirtualFile;
import com.intellij.xdebugger.breakpoints.XLineBreakpointType;
import com.intellij.xdebugger.evaluation.EvaluationMode;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XDebuggerUtil {
  /** An application service, looked up as upstream does. */
  public static XDebuggerUtil getInstance() {
    return ApplicationManager.getApplication().getService(XDebuggerUtil.class);
  }

  public abstract XLineBreakpointType<?>[] getLineBreakpointTypes();

  /** @param line 0-based line number */
  public abstract @Nullable XSourcePosition createPosition(@Nullable VirtualFile file, int line);

  /** A position at the line of [element]'s text offset (read action). */
  public abstract @Nullable XSourcePosition createPositionByElement(@Nullable com.intellij.psi.PsiElement element);

  public abstract @NotNull XExpression createExpression(@NotNull String text, Language language, String custom, EvaluationMode mode);
}
