// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/execution/executors/DefaultDebugExecutor.java (path per its XDebuggerBundle use; text seen via the index)
// (text read: copyright 2000-2022). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.executors;

import com.intellij.execution.Executor;

public class DefaultDebugExecutor extends Executor {
  public static final String EXECUTOR_ID = "Debug";

  @Override
  public String getId() { return EXECUTOR_ID; }

  public static Executor getDebugExecutorInstance() { throw new UnsupportedOperationException("stub"); }
}
