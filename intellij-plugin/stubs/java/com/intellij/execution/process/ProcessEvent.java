// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessEvent.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.process;

import java.util.EventObject;

public class ProcessEvent extends EventObject {
  private ProcessEvent(ProcessHandler source) { super(source); }

  public String getText() { throw new UnsupportedOperationException("stub"); }

  public int getExitCode() { throw new UnsupportedOperationException("stub"); }
}
