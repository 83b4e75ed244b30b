// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessOutputType.java
// Upstream: commit not reported (index file id 4025343748, text with fromKey/getEscapeSequence, the newest of 4 intellij texts found; 252 line inferred; the (String) constructor is private: fixed)
// Body: as upstream for the three base types (upstream also counts the ANSI-coloured subtypes of STDOUT/STDERR, which the model does not emit).
package com.intellij.execution.process;

import com.intellij.openapi.util.Key;
import org.jetbrains.annotations.NotNull;

public class ProcessOutputType extends Key<Object> {
  public static final ProcessOutputType SYSTEM = new ProcessOutputType("system");
  public static final ProcessOutputType STDOUT = new ProcessOutputType("stdout");
  public static final ProcessOutputType STDERR = new ProcessOutputType("stderr");

  private ProcessOutputType(@NotNull String name) { super(name); }

  public static boolean isStderr(@NotNull Key<?> key) { return key == STDERR; }

  public static boolean isStdout(@NotNull Key<?> key) { return key == STDOUT; }
}
