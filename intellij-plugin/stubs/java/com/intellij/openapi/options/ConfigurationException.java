// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/ConfigurationException.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.options;

public class ConfigurationException extends Exception {
  public ConfigurationException(String message) { super(message); }
}
