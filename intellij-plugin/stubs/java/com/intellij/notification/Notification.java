// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/Notification.java
// Upstream: commit not reported (index file id 1811647390, text with addActions(Collection<? extends @NotNull AnAction>), newest of 7 texts found; 252 line inferred)
// Only the members this plugin uses; the real public constructors are not mirrored (create through NotificationGroup).
package com.intellij.notification;

import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class Notification {
  private Notification() { }

  public @NotNull Notification addAction(@NotNull AnAction action) { throw new UnsupportedOperationException("stub"); }

  public void notify(@Nullable Project project) { throw new UnsupportedOperationException("stub"); }
}
