// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RuntimeConfigurationException.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.configurations;

import com.intellij.openapi.options.ConfigurationException;

/** A non-fatal problem: the IDE still lets the configuration run. */
public class RuntimeConfigurationException extends ConfigurationException {
  public RuntimeConfigurationException(String message) { super(message); }
}
