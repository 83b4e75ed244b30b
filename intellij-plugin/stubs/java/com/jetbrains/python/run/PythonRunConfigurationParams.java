// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community python/src/com/jetbrains/python/run/PythonRunConfigurationParams.java (plugin Python)
// Upstream: commit not reported (index file id 18105059252, text (c) 2000-2024, the newest of 7 texts found; only the members the plugin calls; 252 line inferred)
package com.jetbrains.python.run;

/** What PythonRunConfiguration (a script run, the Python plugin's) adds to the interpreter's parameters: the script's arguments. */
public interface PythonRunConfigurationParams {
  AbstractPythonRunConfigurationParams getBaseParams();

  String getScriptParameters();

  void setScriptParameters(String scriptParameters);
}
