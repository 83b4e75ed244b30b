// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community python/src/com/jetbrains/python/run/AbstractPythonRunConfigurationParams.java (plugin Python)
// Upstream: commit not reported (index file id 8860486219, text (c) 2000-2023, the newest of 5 texts found: it extends PythonRunParams; getModule() left out; 252 line inferred)
package com.jetbrains.python.run;

public interface AbstractPythonRunConfigurationParams extends PythonRunParams {
}
