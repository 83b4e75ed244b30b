// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/RunManager.kt (Kotlin abstract class; this is its Java view: `allSettings` is getAllSettings())
// Upstream: commit not reported (index file id 12360033, the only Kotlin text of RunManager found, (c) 2000-2017: abstract val allSettings, companion @JvmStatic getInstance; 252 line inferred)
// Also read: index file id 4179799962 (the newest RunManager.kt text, with the Internal isTemplate): abstract fun setTemporaryConfiguration(tempConfiguration: RunnerAndConfigurationSettings?) (RunManagerImpl: marks it temporary, addConfiguration, may select it).
// Also read: index file id 3499342101 (RunManagerImpl.kt, newest): addConfiguration(settings) and var selectedConfiguration.
// getInstance has its upstream body (project.service<RunManager>()); the model registers the project service.
package com.intellij.execution;

import com.intellij.execution.configurations.ConfigurationFactory;
import com.intellij.execution.configurations.RunConfiguration;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.List;

public abstract class RunManager {
  public static @NotNull RunManager getInstance(@NotNull Project project) { return project.getService(RunManager.class); }

  public abstract @NotNull List<RunnerAndConfigurationSettings> getAllSettings();

  /** Settings for [runConfiguration], not added to the project's list (RunManager.kt: abstract fun createConfiguration(runConfiguration, factory)). */
  public abstract @NotNull RunnerAndConfigurationSettings createConfiguration(@NotNull RunConfiguration runConfiguration,
                                                                             @NotNull ConfigurationFactory factory);

  public abstract void setTemporaryConfiguration(@Nullable RunnerAndConfigurationSettings tempConfiguration);

  /** Adds (or replaces, by unique id) a configuration; a temporary one may evict older temporaries past the recents limit. */
  public abstract void addConfiguration(@NotNull RunnerAndConfigurationSettings settings);

  /** The selected item in the run/debug configurations combobox (Kotlin `var selectedConfiguration`). */
  public abstract @Nullable RunnerAndConfigurationSettings getSelectedConfiguration();

  public abstract void setSelectedConfiguration(@Nullable RunnerAndConfigurationSettings configuration);
}
