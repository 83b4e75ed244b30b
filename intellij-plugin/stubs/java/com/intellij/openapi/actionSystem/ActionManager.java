// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionManager.java
// Upstream: commit not reported (index file id 4015348149, text (c) 2000-2024; newest text found, 252 line inferred)
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

public abstract class ActionManager {
  public static ActionManager getInstance() { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull ActionToolbar createActionToolbar(@NotNull String place, @NotNull ActionGroup group, boolean horizontal);

  @ApiStatus.Internal
  protected ActionManager() { }
}
