// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/options/ShowSettingsUtil.java
// Upstream: 05fc59300692e9b84414edb53858ea3e5705fc7d (text (c) 2000-2025; 252 line inferred)
// The real class also implements ShowSettingsUtilEx (not mirrored). Opens a modal dialog: call on the EDT.
package com.intellij.openapi.options;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ShowSettingsUtil {
  public static ShowSettingsUtil getInstance() { throw new UnsupportedOperationException("stub"); }

  public abstract <T extends Configurable> void showSettingsDialog(@Nullable Project project, @NotNull Class<T> toSelect);

  public abstract void showSettingsDialog(@Nullable Project project, @NotNull String nameToSelect);
}
