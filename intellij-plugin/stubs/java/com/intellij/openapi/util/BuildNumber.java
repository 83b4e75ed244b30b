// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/util/BuildNumber.java
// Upstream: commit not reported (index file id 3726355349, text (c) 2000-2023; 252 line inferred)
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;

public final class BuildNumber {
  private BuildNumber() { }

  public @NotNull String asString() { throw new UnsupportedOperationException("stub"); }

  public @NotNull String getProductCode() { throw new UnsupportedOperationException("stub"); }
}
