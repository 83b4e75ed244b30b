// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/actionSystem/DefaultActionGroup.java
// Upstream: commit not reported (index file id 4109679462, text (c) 2000-2024, newest of the texts found; 252 line inferred)
// Bodies: the children are a list in the order added (separators are not modelled: addSeparator adds nothing).
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class DefaultActionGroup extends ActionGroup {
  private final List<AnAction> mySortedChildren = new ArrayList<>();

  public DefaultActionGroup() { }

  public DefaultActionGroup(@NotNull AnAction... actions) { this(Arrays.asList(actions)); }

  public DefaultActionGroup(@NotNull List<? extends AnAction> actions) { mySortedChildren.addAll(actions); }

  public final void add(@NotNull AnAction action) { mySortedChildren.add(action); }

  public final void addSeparator() { }

  @Override
  public @NotNull AnAction[] getChildren(@Nullable AnActionEvent e) { return mySortedChildren.toArray(new AnAction[0]); }
}
