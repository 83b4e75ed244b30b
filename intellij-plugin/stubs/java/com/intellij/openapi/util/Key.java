// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/Key.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;

public class Key<T> {
  public Key(@NotNull String name) { }

  @Override
  public String toString() { return "stub"; }
}
