// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/RunManager.kt (Kotlin abstract class; this is its Java view: `allSettings` is getAllSettings())
// (text read: copyright 2000-2023). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

import java.util.List;

public abstract class RunManager {
  public static @NotNull RunManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull List<RunnerAndConfigurationSettings> getAllSettings();
}
