// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationAction.java
// Upstream: 064b907c48c38d5009b74b056955051fea100256 (text (c) 2000-2022; 252 line inferred: the text the index returns)
// The nested Simple class is @ApiStatus.Internal and not mirrored. Actions run on the EDT when the link is clicked.
package com.intellij.notification;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.DumbAwareAction;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.function.BiConsumer;
import java.util.function.Supplier;

public abstract class NotificationAction extends DumbAwareAction {
  public NotificationAction(@Nullable String text) { }

  public NotificationAction(@NotNull Supplier<String> dynamicText) { }

  @Override
  public void actionPerformed(@NotNull AnActionEvent e) { throw new UnsupportedOperationException("stub"); }

  public abstract void actionPerformed(@NotNull AnActionEvent e, @NotNull Notification notification);

  public static @NotNull NotificationAction create(@NotNull String text, @NotNull BiConsumer<? super AnActionEvent, ? super Notification> action) {
    throw new UnsupportedOperationException("stub");
  }

  public static @NotNull NotificationAction createExpiring(@NotNull String text, @NotNull BiConsumer<? super AnActionEvent, ? super Notification> action) {
    throw new UnsupportedOperationException("stub");
  }

  public static @NotNull NotificationAction createSimple(@NotNull String text, @NotNull Runnable action) {
    throw new UnsupportedOperationException("stub");
  }

  public static @NotNull NotificationAction createSimpleExpiring(@NotNull String text, @NotNull Runnable action) {
    throw new UnsupportedOperationException("stub");
  }
}
