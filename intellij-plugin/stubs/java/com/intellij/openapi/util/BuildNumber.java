// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/util/BuildNumber.java
// Upstream: commit not reported (index file id 3726355349, text (c) 2000-2023; 252 line inferred)
// Body: as upstream for what the plugin reads: fromString parses 'CODE-numbers', asString gives it back with the product code.
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class BuildNumber {
  private final String myProductCode;
  private final String myNumbers;

  private BuildNumber(String productCode, String numbers) {
    myProductCode = productCode;
    myNumbers = numbers;
  }

  /** "IC-252.23892.409" or "252.23892.409"; null when it is not a build number. */
  public static @Nullable BuildNumber fromString(@Nullable String version) {
    if (version == null || version.isBlank()) return null;
    int dash = version.indexOf('-');
    String code = dash < 0 ? "" : version.substring(0, dash);
    String numbers = version.substring(dash + 1);
    return numbers.matches("\\d+(\\.(\\d+|SNAPSHOT|\\*))*") ? new BuildNumber(code, numbers) : null;
  }

  public @NotNull String asString() { return myProductCode.isEmpty() ? myNumbers : myProductCode + "-" + myNumbers; }

  public @NotNull String getProductCode() { return myProductCode; }
}
