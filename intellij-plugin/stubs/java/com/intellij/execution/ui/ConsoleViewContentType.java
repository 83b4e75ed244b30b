// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/ConsoleViewContentType.java
// Upstream: commit not reported (index file id 715392156, the newest of 3 upstream texts found (11051070393, 28916628876 older): a class whose constructors take a name and TextAttributes or a TextAttributesKey, with NORMAL_OUTPUT among its constants; 252 line inferred; the constructor here is private (upstream's are not mirrored: the plugin only prints with NORMAL_OUTPUT))
package com.intellij.execution.ui;

import org.jetbrains.annotations.NotNull;

public class ConsoleViewContentType {
  public static final ConsoleViewContentType NORMAL_OUTPUT = new ConsoleViewContentType("NORMAL_OUTPUT");

  private final String myName;

  private ConsoleViewContentType(@NotNull String name) {
    myName = name;
  }

  @Override
  public String toString() {
    return myName;
  }
}
