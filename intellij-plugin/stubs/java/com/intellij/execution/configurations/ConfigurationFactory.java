// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/ConfigurationFactory.java
// Upstream: 393cce58bd89b099e0df142f3a389d4cc18134a6 (252 line inferred; only what RunManager.createConfiguration needs to be passed: the plugin hands a configuration's own factory back)
package com.intellij.execution.configurations;

import org.jetbrains.annotations.NotNull;

public abstract class ConfigurationFactory {
  private final ConfigurationType myType;

  protected ConfigurationFactory(@NotNull ConfigurationType type) {
    myType = type;
  }

  public @NotNull ConfigurationType getType() {
    return myType;
  }
}
