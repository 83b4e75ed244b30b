// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-ui/src/com/intellij/ui/SimpleTextAttributes.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.ui;

public final class SimpleTextAttributes {
  private SimpleTextAttributes() { }
}
