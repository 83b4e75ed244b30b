// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessOutputType.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.process;

import com.intellij.openapi.util.Key;
import org.jetbrains.annotations.NotNull;

public class ProcessOutputType extends Key<Object> {
  public static final ProcessOutputType SYSTEM = new ProcessOutputType("system");
  public static final ProcessOutputType STDOUT = new ProcessOutputType("stdout");
  public static final ProcessOutputType STDERR = new ProcessOutputType("stderr");

  public ProcessOutputType(@NotNull String name) { super(name); }

  public static boolean isStderr(@NotNull Key<?> key) { throw new UnsupportedOperationException("stub"); }

  public static boolean isStdout(@NotNull Key<?> key) { throw new UnsupportedOperationException("stub"); }
}
