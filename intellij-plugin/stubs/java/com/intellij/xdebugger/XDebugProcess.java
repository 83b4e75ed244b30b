// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugProcess.java
// Upstream: commit not reported (index file id 3568322854, text (c) 2000-2022, the newest of 5 texts found; 252 line inferred; the members used are unchanged in all texts since 2017)
package com.intellij.xdebugger;

import com.intellij.execution.process.ProcessHandler;
import com.intellij.xdebugger.evaluation.XDebuggerEditorsProvider;
import org.jetbrains.annotations.NotNull;

public abstract class XDebugProcess {
  protected XDebugProcess(@NotNull XDebugSession session) { }

  public final XDebugSession getSession() { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull XDebuggerEditorsProvider getEditorsProvider();

  public final @NotNull ProcessHandler getProcessHandler() { throw new UnsupportedOperationException("stub"); }
}
