// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessEvent.java
// Upstream: 9de7aff540beabd77ee0cac2ae6b9fa7e6d60638 (text (c) 2000-2009; 252 line inferred: getText()/getExitCode() as in that text)
package com.intellij.execution.process;

import java.util.EventObject;

public class ProcessEvent extends EventObject {
  private ProcessEvent(ProcessHandler source) { super(source); }

  public String getText() { throw new UnsupportedOperationException("stub"); }

  public int getExitCode() { throw new UnsupportedOperationException("stub"); }
}
