// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/Project.java
// Upstream: commit not reported (index file id 4387941618, text with @ApiStatus.NonExtendable, the newest of 7 texts found among 53 stored versions; 252 line inferred; NonExtendable added; it also extends AreaInstance, not stubbed)
package com.intellij.openapi.project;

import com.intellij.openapi.components.ComponentManager;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

@ApiStatus.NonExtendable
public interface Project extends ComponentManager {
  @NotNull String getName();

  /** System-independent path ('/' separators) of the project's base directory. */
  @Nullable String getBasePath();
}
