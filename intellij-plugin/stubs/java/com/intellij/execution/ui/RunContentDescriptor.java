// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/RunContentDescriptor.java
// Upstream: aaa88849ba4ceec53a0e65279e9ee79071f27451 (the one stored version at this path; newest text found and re-read: index file id 3623506201, (c) 2000-2025, 'public class RunContentDescriptor implements Disposable'; 252 line inferred)
// The model's runners create one (the public four-argument constructor) for ProgramRunner.Callback.processStarted; the plugin
// never obtains or reads one. Disposable and the UI members are left out.
package com.intellij.execution.ui;

import com.intellij.execution.process.ProcessHandler;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.JComponent;

public class RunContentDescriptor {
  private final @Nullable ExecutionConsole myExecutionConsole;
  private final @Nullable ProcessHandler myProcessHandler;
  private final @Nullable String myDisplayName;

  public RunContentDescriptor(@Nullable ExecutionConsole executionConsole,
                              @Nullable ProcessHandler processHandler,
                              @NotNull JComponent component,
                              String displayName) {
    myExecutionConsole = executionConsole;
    myProcessHandler = processHandler;
    myDisplayName = displayName;
  }

  public ExecutionConsole getExecutionConsole() { return myExecutionConsole; }

  public @Nullable ProcessHandler getProcessHandler() { return myProcessHandler; }

  public String getDisplayName() { return myDisplayName; }
}
