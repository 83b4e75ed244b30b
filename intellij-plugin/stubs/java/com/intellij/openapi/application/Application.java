// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/Application.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.application;

import com.intellij.openapi.components.ComponentManager;
import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Future;

public interface Application extends ComponentManager {
  void invokeLater(@NotNull Runnable runnable, @NotNull ModalityState state);

  @NotNull Future<?> executeOnPooledThread(@NotNull Runnable action);
}
