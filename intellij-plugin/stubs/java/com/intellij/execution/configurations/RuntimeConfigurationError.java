// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RuntimeConfigurationError.java
// Upstream: facd32ff42cf0c1252786b209e5afd419e22ee8b (text (c) 2000-2009, the only stored version; 252 line inferred)
package com.intellij.execution.configurations;

/** A fatal problem: the IDE would open the "Edit configuration" dialog instead of running. */
public class RuntimeConfigurationError extends RuntimeConfigurationException {
  public RuntimeConfigurationError(String message) { super(message); }
}
