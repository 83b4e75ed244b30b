// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/DumbService.kt (Kotlin abstract class; this is its Java view: `abstract val isDumb` is isDumb(), the companion's @JvmStatic isDumb(project) and getInstance(project) are static)
// Upstream: commit not reported (index file id 4009723516, text (c) 2000-2025; 252 line inferred)
// Body: getInstance is the project service look-up upstream writes (project.service<DumbService>()); filterByDumbAwareness keeps everything when smart, else only what is dumb-aware (DumbAware, or PossiblyDumbAware saying so), as upstream does with the registry key ide.dumb.mode.check.awareness on (modelled on; its shipped default was not read).
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

public abstract class DumbService {
  public static @NotNull DumbService getInstance(@NotNull Project project) { return project.getService(DumbService.class); }

  /** Whether the project is indexing (dumb mode): index-based code does not work then. */
  public static boolean isDumb(@NotNull Project project) { return getInstance(project).isDumb(); }

  public abstract boolean isDumb();

  public <T> @NotNull List<T> filterByDumbAwareness(@NotNull Collection<? extends T> collection) {
    List<T> result = new ArrayList<>();
    for (T element : collection) {
      if (!isDumb() || isDumbAware(element)) result.add(element);
    }
    return result;
  }

  public static boolean isDumbAware(Object o) {
    return o instanceof PossiblyDumbAware ? ((PossiblyDumbAware)o).isDumbAware() : o instanceof DumbAware;
  }
}
