// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/ProjectManagerListener.java
// Upstream: commit not reported (index file id 7020597321, text (c) 2000-2022 with the forRemoval projectOpened/canCloseProject, the newest of 7 texts found; projectClosingBeforeSave is in every text (ids 7858494655, 3222464038), fired before the closing save by ProjectManagerImpl.closeProject (id 1497337143); 252 line inferred)
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

/** projectOpened/canCloseProject are deprecated for removal and deliberately not mirrored. */
public interface ProjectManagerListener extends EventListener {
  default void projectClosed(@NotNull Project project) { }

  default void projectClosing(@NotNull Project project) { }

  default void projectClosingBeforeSave(@NotNull Project project) { }
}
