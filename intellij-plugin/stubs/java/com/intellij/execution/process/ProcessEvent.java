// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessEvent.java
// Upstream: 9de7aff540beabd77ee0cac2ae6b9fa7e6d60638 (text (c) 2000-2009; 252 line inferred: getText()/getExitCode() as in that text)
// Body: as upstream: the handler, the text of an output event, the exit code of a termination event.
package com.intellij.execution.process;

import org.jetbrains.annotations.NotNull;

import java.util.EventObject;

public class ProcessEvent extends EventObject {
  private final String myText;
  private final int myExitCode;

  public ProcessEvent(@NotNull ProcessHandler source) { this(source, null, 0); }

  public ProcessEvent(@NotNull ProcessHandler source, String text) { this(source, text, 0); }

  public ProcessEvent(@NotNull ProcessHandler source, int exitCode) { this(source, null, exitCode); }

  private ProcessEvent(ProcessHandler source, String text, int exitCode) {
    super(source);
    myText = text;
    myExitCode = exitCode;
  }

  public @NotNull ProcessHandler getProcessHandler() { return (ProcessHandler)getSource(); }

  public String getText() { return myText; }

  public int getExitCode() { return myExitCode; }
}
