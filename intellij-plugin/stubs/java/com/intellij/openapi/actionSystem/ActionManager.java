// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionManager.java
// Upstream: commit not reported (index file id 4015348149, text (c) 2000-2024; newest text found, 252 line inferred)
// getInstance() is the application service (index file id 4015348149); the model implements it (platformmodel.ui).
package com.intellij.openapi.actionSystem;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

public abstract class ActionManager {
  public static ActionManager getInstance() { return ApplicationManager.getApplication().getService(ActionManager.class); }

  public abstract @NotNull ActionToolbar createActionToolbar(@NotNull String place, @NotNull ActionGroup group, boolean horizontal);

  @ApiStatus.Internal
  protected ActionManager() { }
}
