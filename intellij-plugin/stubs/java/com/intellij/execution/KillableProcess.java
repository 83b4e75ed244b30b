// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-util-io/src/com/intellij/execution/KillableProcess.java
// Upstream: fa81465e9d76d9d6fd9403d0a29fdf36001ad6c8 (index file id 11398933987, text (c) 2000-2010, the only stored version; 252 line inferred)
// Added for the model: KillableProcessHandler implements it, and ExecutionManagerImpl.stopProcess force-kills a terminating one.
package com.intellij.execution;

public interface KillableProcess {
  boolean canKillProcess();

  void killProcess();
}
