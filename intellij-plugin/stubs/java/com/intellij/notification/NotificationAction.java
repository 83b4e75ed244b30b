// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationAction.java
// Upstream: 064b907c48c38d5009b74b056955051fea100256 (text (c) 2000-2022; 252 line inferred: the text the index returns)
// The nested Simple class is @ApiStatus.Internal and not mirrored (a private class does its job: runs the action,
// expiring the notification first for the *Expiring factories, as Simple does). Actions run on the EDT when the link is clicked.
package com.intellij.notification;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.DumbAwareAction;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.function.BiConsumer;
import java.util.function.Supplier;

public abstract class NotificationAction extends DumbAwareAction {
  public NotificationAction(@Nullable String text) { super(text); }

  public NotificationAction(@NotNull Supplier<String> dynamicText) { super(dynamicText); }

  @Override
  public void actionPerformed(@NotNull AnActionEvent e) { actionPerformed(e, Notification.get(e)); }

  public abstract void actionPerformed(@NotNull AnActionEvent e, @NotNull Notification notification);

  public static @NotNull NotificationAction create(@NotNull String text, @NotNull BiConsumer<? super AnActionEvent, ? super Notification> action) {
    return new SimpleAction(text, action, false);
  }

  public static @NotNull NotificationAction createExpiring(@NotNull String text, @NotNull BiConsumer<? super AnActionEvent, ? super Notification> action) {
    return new SimpleAction(text, action, true);
  }

  public static @NotNull NotificationAction createSimple(@NotNull String text, @NotNull Runnable action) {
    return new SimpleAction(text, (event, notification) -> action.run(), false);
  }

  public static @NotNull NotificationAction createSimpleExpiring(@NotNull String text, @NotNull Runnable action) {
    return new SimpleAction(text, (event, notification) -> action.run(), true);
  }

  private static final class SimpleAction extends NotificationAction {
    private final BiConsumer<? super AnActionEvent, ? super Notification> myAction;
    private final boolean myExpire;

    private SimpleAction(@NotNull String text, @NotNull BiConsumer<? super AnActionEvent, ? super Notification> action, boolean expire) {
      super(text);
      myAction = action;
      myExpire = expire;
    }

    @Override
    public void actionPerformed(@NotNull AnActionEvent e, @NotNull Notification notification) {
      if (myExpire) notification.expire();
      myAction.accept(e, notification);
    }
  }
}
