// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessListener.java
// Upstream: commit not reported (index file id 7074768055, text (c) 2000-2020 with the four defaults, the newest intellij text found; 252 line inferred: the default processNotStarted() kept here is in master per a third-party API note (index file id 55212101770))
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
