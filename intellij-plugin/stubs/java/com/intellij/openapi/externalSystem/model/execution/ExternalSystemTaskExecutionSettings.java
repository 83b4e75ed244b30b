// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/external-system-api/src/com/intellij/openapi/externalSystem/model/execution/ExternalSystemTaskExecutionSettings.java
// Upstream: ed9177c799a7c8d5485ea1e2735b42cadfa4c5a6 (index file id 3940673190, text (c) 2000-2013, the only text found; 252 line NOT read: getTaskNames/setTaskNames are the members used, unchanged in ExternalSystemRunnableState's 2024 text that calls mySettings.getTaskNames())
// Body: the task names are the state.
package com.intellij.openapi.externalSystem.model.execution;

import java.util.ArrayList;
import java.util.List;

public class ExternalSystemTaskExecutionSettings implements Cloneable {
  private List<String> myTaskNames = new ArrayList<>();

  public List<String> getTaskNames() {
    return myTaskNames;
  }

  public void setTaskNames(List<String> taskNames) {
    myTaskNames = taskNames;
  }

  @Override
  public ExternalSystemTaskExecutionSettings clone() {
    ExternalSystemTaskExecutionSettings result = new ExternalSystemTaskExecutionSettings();
    result.setTaskNames(new ArrayList<>(getTaskNames()));
    return result;
  }
}
