// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/BaseProcessHandler.java
// Upstream: commit not reported (index file id 3901446004, the newest of 2 intellij texts found, with 'public final @NotNull T getProcess()'; the stored version at this path, 3759705cc157db3602a8b33aab0117a8bbe747c2, is the older (c) 2017 text; 252 line inferred; getProcess() is final: fixed)
// Body: holds the java.lang.Process (getProcess final, as upstream); destroy asks the process to end; reading its output and reporting its end is the subclass's job (upstream OSProcessHandler; the model's execution area has one). The upstream constructor also takes the command line and charset.
package com.intellij.execution.process;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.io.OutputStream;

public abstract class BaseProcessHandler<T extends Process> extends ProcessHandler {
  protected final T myProcess;

  public BaseProcessHandler(@NotNull T process) { myProcess = process; }

  public final @NotNull T getProcess() { return myProcess; }

  @Override
  protected void destroyProcessImpl() { myProcess.destroy(); }

  @Override
  protected void detachProcessImpl() { notifyProcessDetached(); }

  @Override
  public boolean detachIsDefault() { return false; }

  @Override
  public @Nullable OutputStream getProcessInput() { return myProcess.getOutputStream(); }
}
