// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/wm/ToolWindowFactory.kt (Kotlin; the Java view)
// Upstream: 05fc59300692e9b84414edb53858ea3e5705fc7d (text (c) 2000-2025; 252 line inferred: newest of the two texts read, 566c7c02 (c) 2024 has the same members)
// Left out: suspend isApplicableAsync (not expressible in Java; optional), the @Deprecated isApplicable and
// isDoNotActivateOnStart, and the @ApiStatus.Internal manage/anchor/icon. A Kotlin interface's bodies are
// Java default methods here, so an implementation must override createToolWindowContent only. Their bodies are
// the Kotlin defaults of that text (init does nothing, shouldBeAvailable is true).
package com.intellij.openapi.wm;

import com.intellij.openapi.project.PossiblyDumbAware;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public interface ToolWindowFactory extends PossiblyDumbAware {
  void createToolWindowContent(@NotNull Project project, @NotNull ToolWindow toolWindow);

  default void init(@NotNull ToolWindow toolWindow) { }

  default boolean shouldBeAvailable(@NotNull Project project) { return true; }
}
