// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/external-system-impl/src/com/intellij/openapi/externalSystem/service/execution/ExternalSystemRunConfiguration.java
// Upstream: commit not reported (index file id 4096812174, text (c) 2000-2025, the newest found; 252 line inferred; upstream extends LocatableConfigurationBase, which the stubs leave out: here the class implements RunConfiguration, as that base does, and is abstract so that the RunConfiguration members stay its subclass's; clone() too, which upstream copies through writeExternal/readExternal)
// Body: isDebugServerProcess (default true), isReattachDebugProcess (default false) and the task settings are the state, as upstream.
package com.intellij.openapi.externalSystem.service.execution;

import com.intellij.execution.configurations.ConfigurationFactory;
import com.intellij.execution.configurations.RunConfiguration;
import com.intellij.openapi.externalSystem.model.ProjectSystemId;
import com.intellij.openapi.externalSystem.model.execution.ExternalSystemTaskExecutionSettings;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public abstract class ExternalSystemRunConfiguration implements RunConfiguration {
  private ExternalSystemTaskExecutionSettings mySettings = new ExternalSystemTaskExecutionSettings();
  private boolean isDebugServerProcess = true;
  private boolean isReattachDebugProcess = false;

  public ExternalSystemRunConfiguration(@NotNull ProjectSystemId externalSystemId, Project project, ConfigurationFactory factory, String name) {
  }

  public boolean isReattachDebugProcess() {
    return isReattachDebugProcess;
  }

  public void setReattachDebugProcess(boolean reattachDebugProcess) {
    isReattachDebugProcess = reattachDebugProcess;
  }

  public boolean isDebugServerProcess() {
    return isDebugServerProcess;
  }

  public void setDebugServerProcess(boolean debugServerProcess) {
    isDebugServerProcess = debugServerProcess;
  }

  public @NotNull ExternalSystemTaskExecutionSettings getSettings() {
    return mySettings;
  }

  @Override
  public abstract ExternalSystemRunConfiguration clone();
}
