// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugProcess.java
// (text read: copyright 2000-2017 (newest text in the index; the three members used are unchanged since 2009)). Only the members this plugin uses; bodies are placeholders.
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
