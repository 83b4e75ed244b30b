// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessListener.java
// (text read: copyright 2000-2024 (all members default; ProcessAdapter is deprecated)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.execution.process;

import com.intellij.openapi.util.Key;
import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

public interface ProcessListener extends EventListener {
  default void startNotified(@NotNull ProcessEvent event) { }

  default void processTerminated(@NotNull ProcessEvent event) { }

  default void processWillTerminate(@NotNull ProcessEvent event, boolean willBeDestroyed) { }

  default void onTextAvailable(@NotNull ProcessEvent event, @NotNull Key outputType) { }

  default void processNotStarted() { }
}
