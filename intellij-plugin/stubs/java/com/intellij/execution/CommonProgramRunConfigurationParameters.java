// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/CommonProgramRunConfigurationParameters.java
// Upstream: 252 line NOT read (the index holds no text of the interface; its members as the implementations in the index override them: index file ids 49458421377, 33164850848, 15647129621, 8134532486)
package com.intellij.execution;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.Map;

/** The program arguments, working directory and environment of a run configuration that has them (Application, JUnit, ...). */
public interface CommonProgramRunConfigurationParameters {
  Project getProject();

  void setProgramParameters(@Nullable String value);

  @Nullable String getProgramParameters();

  void setWorkingDirectory(@Nullable String value);

  @Nullable String getWorkingDirectory();

  void setEnvs(@NotNull Map<String, String> envs);

  @NotNull Map<String, String> getEnvs();

  void setPassParentEnvs(boolean passParentEnvs);

  boolean isPassParentEnvs();
}
