// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationInfo.java
// Upstream: commit not reported (index file id 4187632579, text with the Internal getBuildTime and a 2024.2 javadoc example, the newest of 2 texts found; 252 line inferred)
// Body: as upstream: an application service.
package com.intellij.openapi.application;

import com.intellij.openapi.util.BuildNumber;
import org.jetbrains.annotations.NotNull;

public abstract class ApplicationInfo {
  public static ApplicationInfo getInstance() { return ApplicationManager.getApplication().getService(ApplicationInfo.class); }

  public abstract @NotNull BuildNumber getBuild();
}
