// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationNamesInfo.java
// Upstream: 02995df72d29ad905695780e11cad2b8694767cf (text (c) 2000-2025; 252 line inferred; getFullProductName() is unannotated: fixed)
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

public final class ApplicationNamesInfo {
  private ApplicationNamesInfo() { }

  public static @NotNull ApplicationNamesInfo getInstance() { throw new UnsupportedOperationException("stub"); }

  /** E.g. "IntelliJ IDEA", "PyCharm". */
  public String getFullProductName() { throw new UnsupportedOperationException("stub"); }
}
