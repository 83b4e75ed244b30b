// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/util/BuildNumber.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;

public final class BuildNumber {
  private BuildNumber() { }

  public @NotNull String asString() { throw new UnsupportedOperationException("stub"); }

  public @NotNull String getProductCode() { throw new UnsupportedOperationException("stub"); }
}
