// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionGroup.java
// Upstream: 5eda561006e5f6c696214569bd78a6b095fc674a (text (c) 2000-2015 read for the class shape; the 2024 DefaultActionGroup
// text (index id 4109679462) fixes getChildren as "AnAction @NotNull [] getChildren(@Nullable AnActionEvent)". 252 line NOT read.)
// Only what DefaultActionGroup needs: the plugin builds groups, it does not subclass ActionGroup.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ActionGroup extends AnAction {
  public ActionGroup() { }

  /** Called only for groups that can be performed; the default does nothing (2015 text). */
  @Override
  public void actionPerformed(@NotNull AnActionEvent e) { }

  public abstract @NotNull AnAction[] getChildren(@Nullable AnActionEvent e);
}
