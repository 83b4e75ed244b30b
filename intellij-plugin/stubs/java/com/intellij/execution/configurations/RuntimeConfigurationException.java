// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RuntimeConfigurationException.java
// Upstream: a73feaa8c7c7bcd7205708dd7695a7d3092a068f (text (c) 2000-2022; 252 line inferred)
package com.intellij.execution.configurations;

import com.intellij.openapi.options.ConfigurationException;

/** A non-fatal problem: the IDE still lets the configuration run. */
public class RuntimeConfigurationException extends ConfigurationException {
  public RuntimeConfigurationException(String message) { super(message); }
}
