// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationNamesInfo.java
// Upstream: 02995df72d29ad905695780e11cad2b8694767cf (text (c) 2000-2025; 252 line inferred; getFullProductName() is unannotated: fixed)
// Body: a singleton as upstream (which reads it from the product's descriptor); modelProduct(...) is the model's way to name the product.
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

public final class ApplicationNamesInfo {
  private static volatile ApplicationNamesInfo ourInstance = new ApplicationNamesInfo("IntelliJ IDEA");
  private final String myFullProductName;

  private ApplicationNamesInfo(String fullProductName) { myFullProductName = fullProductName; }

  public static @NotNull ApplicationNamesInfo getInstance() { return ourInstance; }

  /** E.g. "IntelliJ IDEA", "PyCharm". */
  public String getFullProductName() { return myFullProductName; }

  /** Model only: upstream reads the product's ApplicationInfo.xml once; the model names the product it models. */
  public static void modelProduct(@NotNull String fullProductName) { ourInstance = new ApplicationNamesInfo(fullProductName); }
}
