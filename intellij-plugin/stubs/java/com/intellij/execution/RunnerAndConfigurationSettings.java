// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/RunnerAndConfigurationSettings.java
// Upstream: commit not reported (index file id 6319759537, text (c) 2000-2020, the newest of 5 texts found; 252 line inferred)
// getFactory() added (a launch's copy of a configuration is made with its factory: RunManager.createConfiguration).
// isEditBeforeRun() added for the model (ExecutionManagerImpl.executeConfiguration opens the dialog when showSettings and it are set).
package com.intellij.execution;

import com.intellij.execution.configurations.ConfigurationFactory;
import com.intellij.execution.configurations.ConfigurationType;
import com.intellij.execution.configurations.RunConfiguration;
import com.intellij.execution.configurations.RuntimeConfigurationException;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface RunnerAndConfigurationSettings {
  @NotNull ConfigurationType getType();

  @NotNull ConfigurationFactory getFactory();

  boolean isTemporary();

  void setTemporary(boolean temporary);

  @NotNull RunConfiguration getConfiguration();

  @NotNull String getName();

  @NotNull String getUniqueID();

  void checkSettings(@Nullable Executor executor) throws RuntimeConfigurationException;

  @Nullable String getFolderName();

  boolean isEditBeforeRun();
}
