// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/wm/ToolWindowManager.kt (Kotlin; the Java view)
// Upstream: commit not reported (index file id 6104271283, text (c) 2000-2023; newest of three texts read, 252 line inferred)
// Companion @JvmStatic getInstance is a static method; getToolWindow(id: String?): ToolWindow? has both ends @Nullable.
package com.intellij.openapi.wm;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ToolWindowManager {
  public static @NotNull ToolWindowManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public abstract @Nullable ToolWindow getToolWindow(@Nullable String id);
}
