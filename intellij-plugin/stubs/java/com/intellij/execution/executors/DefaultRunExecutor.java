// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/executors/DefaultRunExecutor.java
// (text read: copyright 2000-2022). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.executors;

import com.intellij.execution.Executor;

public class DefaultRunExecutor extends Executor {
  public static final String EXECUTOR_ID = "Run";

  @Override
  public String getId() { return EXECUTOR_ID; }

  public static Executor getRunExecutorInstance() { throw new UnsupportedOperationException("stub"); }
}
