// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/RunContentDescriptor.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.ui;

/** Only a parameter type of ProgramRunner.Callback here; this plugin never obtains or reads one. */
public class RunContentDescriptor {
  private RunContentDescriptor() { }
}
