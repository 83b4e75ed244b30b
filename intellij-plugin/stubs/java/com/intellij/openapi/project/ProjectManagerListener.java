// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/ProjectManagerListener.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

/** projectOpened/canCloseProject are deprecated for removal and deliberately not mirrored. */
public interface ProjectManagerListener extends EventListener {
  default void projectClosed(@NotNull Project project) { }

  default void projectClosing(@NotNull Project project) { }
}
