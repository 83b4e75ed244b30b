// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community python/src/com/jetbrains/python/run/PythonRunParams.java (plugin Python)
// Upstream: 252 line NOT read (AbstractPythonRunConfigurationParams extends it in the newest text, index file id 8860486219, (c) 2000-2023; its members as the older AbstractPythonRunConfigurationParams declared them, index file id 17100120575)
package com.jetbrains.python.run;

import java.util.Map;

public interface PythonRunParams {
  String getWorkingDirectory();

  void setWorkingDirectory(String workingDirectory);

  boolean isPassParentEnvs();

  void setPassParentEnvs(boolean passParentEnvs);

  Map<String, String> getEnvs();

  void setEnvs(final Map<String, String> envs);
}
