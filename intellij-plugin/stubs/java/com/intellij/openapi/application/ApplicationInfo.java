// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationInfo.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.application;

import com.intellij.openapi.util.BuildNumber;
import org.jetbrains.annotations.NotNull;

public abstract class ApplicationInfo {
  public static ApplicationInfo getInstance() { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull BuildNumber getBuild();
}
