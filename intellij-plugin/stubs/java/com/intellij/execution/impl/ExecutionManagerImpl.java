// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution-impl/src/com/intellij/execution/impl/ExecutionManagerImpl.kt
// Upstream: commit not reported (index file id 1646897139, the newest Kotlin text found (three-argument isStarting, callback?.processNotStarted(e)); 252 line inferred)
// Exists for the model only: ProgramRunnerUtil.executeConfigurationAsync casts the project's ExecutionManager to it, as upstream
// does. Upstream it is an open class with bodies; here the member is abstract and the model's ExecutionManager supplies it.
// executeConfiguration is @ApiStatus.Internal upstream, so scripts/check-stubs flags any use of it by the plugin.
package com.intellij.execution.impl;

import com.intellij.execution.ExecutionManager;
import com.intellij.execution.runners.ExecutionEnvironment;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

public abstract class ExecutionManagerImpl extends ExecutionManager {
  @ApiStatus.Internal
  public abstract void executeConfiguration(@NotNull ExecutionEnvironment environment, boolean showSettings, boolean assignNewId);
}
