// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RunnerSettings.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.configurations;

public interface RunnerSettings {
}
