// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/ConfigurationType.java
// Upstream: 815c60ec19174c32726a5aefe6a4c96ccb2ba1bf (text (c) 2000-2024; 252 line inferred; the interface extends PossiblyDumbAware: fixed)
package com.intellij.execution.configurations;

import com.intellij.openapi.project.PossiblyDumbAware;
import org.jetbrains.annotations.NotNull;

public interface ConfigurationType extends PossiblyDumbAware {
  @NotNull String getDisplayName();

  String getConfigurationTypeDescription();

  @NotNull String getId();
}
