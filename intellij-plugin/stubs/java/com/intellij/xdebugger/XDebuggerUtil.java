// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerUtil.java
// (text read: copyright 2000-2017 (newest text in the index; these four members are used unchanged by H against 2025.2.6)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

import com.intellij.lang.Language;
import com.intellij.openapi.vfs.VirtualFile;
import com.intellij.xdebugger.breakpoints.XLineBreakpointType;
import com.intellij.xdebugger.evaluation.EvaluationMode;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XDebuggerUtil {
  public static XDebuggerUtil getInstance() { throw new UnsupportedOperationException("stub"); }

  public abstract XLineBreakpointType<?>[] getLineBreakpointTypes();

  /** @param line 0-based line number */
  public abstract @Nullable XSourcePosition createPosition(@Nullable VirtualFile file, int line);

  public abstract @NotNull XExpression createExpression(@NotNull String text, Language language, String custom, EvaluationMode mode);
}
