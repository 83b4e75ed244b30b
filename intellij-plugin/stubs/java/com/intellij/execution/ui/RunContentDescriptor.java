// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/RunContentDescriptor.java
// Upstream: aaa88849ba4ceec53a0e65279e9ee79071f27451 (the one stored version at this path; newest text found: index file id 3623506201, 'public class RunContentDescriptor implements Disposable'; 252 line inferred; used only as a parameter type)
package com.intellij.execution.ui;

/** Only a parameter type of ProgramRunner.Callback here; this plugin never obtains or reads one. */
public class RunContentDescriptor {
  private RunContentDescriptor() { }
}
