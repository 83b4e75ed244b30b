// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/actionSystem/DefaultActionGroup.java
// Upstream: commit not reported (index file id 4109679462, text (c) 2000-2024, newest of the texts found; 252 line inferred)
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.List;

public class DefaultActionGroup extends ActionGroup {
  public DefaultActionGroup() { }

  public DefaultActionGroup(@NotNull AnAction... actions) { }

  public DefaultActionGroup(@NotNull List<? extends AnAction> actions) { }

  public final void add(@NotNull AnAction action) { throw new UnsupportedOperationException("stub"); }

  public final void addSeparator() { throw new UnsupportedOperationException("stub"); }

  @Override
  public @NotNull AnAction[] getChildren(@Nullable AnActionEvent e) { throw new UnsupportedOperationException("stub"); }
}
