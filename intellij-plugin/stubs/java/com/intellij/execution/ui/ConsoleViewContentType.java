// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/ConsoleViewContentType.java
// Upstream: 252 line NOT read (the constant is as plugins in the index use it: ConsoleViewContentType.NORMAL_OUTPUT; its constructor here only names it)
package com.intellij.execution.ui;

import org.jetbrains.annotations.NotNull;

public class ConsoleViewContentType {
  public static final ConsoleViewContentType NORMAL_OUTPUT = new ConsoleViewContentType("NORMAL_OUTPUT");

  private final String myName;

  public ConsoleViewContentType(@NotNull String name) {
    myName = name;
  }

  @Override
  public String toString() {
    return myName;
  }
}
