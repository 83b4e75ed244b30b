// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebugProcess.java
// Upstream: commit not reported (index file id 3568322854, text (c) 2000-2022, the newest of 5 texts found; 252 line inferred; the members used are unchanged in all texts since 2017; bodies as in 02f95454805b98550a9a28bdaa677ad18d74f399)
package com.intellij.xdebugger;

import com.intellij.execution.process.ProcessHandler;
import com.intellij.xdebugger.evaluation.XDebuggerEditorsProvider;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XDebugProcess {
  private final XDebugSession mySession;
  private ProcessHandler myProcessHandler;

  protected XDebugProcess(@NotNull XDebugSession session) {
    mySession = session;
  }

  public final XDebugSession getSession() {
    return mySession;
  }

  public abstract @NotNull XDebuggerEditorsProvider getEditorsProvider();

  /** Whether the session may pass resume, step and pause to this process now; XDebugSessionImpl asks before each. */
  public boolean checkCanPerformCommands() {
    return true;
  }

  protected @Nullable ProcessHandler doGetProcessHandler() {
    return null;
  }

  /** Upstream falls back to a DefaultDebugProcessHandler (not stubbed): here a process without one is a model error. */
  public final @NotNull ProcessHandler getProcessHandler() {
    if (myProcessHandler == null) {
      myProcessHandler = doGetProcessHandler();
      if (myProcessHandler == null) throw new IllegalStateException("the modelled debug process has no process handler");
    }
    return myProcessHandler;
  }
}
