// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/Notification.java
// Upstream: commit not reported (index file id 1811647390, text with addActions(Collection<? extends @NotNull AnAction>), newest of 7 texts found; 252 line inferred)
// Only the members this plugin and the model use. Bodies follow that text: the fields, addAction appends to the
// actions shown as links, expire() runs the whenExpired callbacks once, notify(project) is Notifications.Bus.notify.
// Simpler than upstream: Notification.get(e) reads the event's data context by the KEY's name ("Notification").
package com.intellij.notification;

import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.diagnostic.Logger;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class Notification {
  /** The name of upstream's {@code DataKey<Notification> KEY}: an action of a balloon finds its notification under it. */
  public static final String KEY_NAME = "Notification";

  private final String myGroupId;
  private final String myTitle;
  private final String myContent;
  private final NotificationType myType;
  private final List<AnAction> myActions = new ArrayList<>();
  private final List<Runnable> myWhenExpired = new ArrayList<>();
  private boolean myExpired;

  public Notification(@NotNull String groupId, @NotNull String title, @NotNull String content, @NotNull NotificationType type) {
    myGroupId = groupId;
    myTitle = title;
    myContent = content;
    myType = type;
  }

  public @NotNull String getGroupId() { return myGroupId; }

  public @NotNull String getTitle() { return myTitle; }

  public @NotNull String getContent() { return myContent; }

  public @NotNull NotificationType getType() { return myType; }

  public boolean hasTitle() { return !myTitle.isEmpty(); }

  public boolean hasContent() { return !myContent.isEmpty(); }

  public @NotNull Notification addAction(@NotNull AnAction action) {
    myActions.add(action);
    return this;
  }

  public @NotNull List<AnAction> getActions() { return Collections.unmodifiableList(myActions); }

  public static @NotNull Notification get(@NotNull AnActionEvent e) {
    Object notification = e.getDataContext().getData(KEY_NAME);
    if (notification == null) throw new IllegalStateException("no Notification in the data context of " + e);
    return (Notification)notification;
  }

  public void expire() {
    List<Runnable> callbacks;
    synchronized (myWhenExpired) {
      if (myExpired) return;
      myExpired = true;
      callbacks = new ArrayList<>(myWhenExpired);
    }
    callbacks.forEach(Runnable::run);
  }

  public boolean isExpired() {
    synchronized (myWhenExpired) { return myExpired; }
  }

  public @NotNull Notification whenExpired(@Nullable Runnable whenExpired) {
    if (whenExpired != null) synchronized (myWhenExpired) { myWhenExpired.add(whenExpired); }
    return this;
  }

  public void assertHasTitleOrContent() {
    if (!hasTitle() && !hasContent()) Logger.getInstance(Notification.class).error("Notification should have title or content: " + this, null);
  }

  public void notify(@Nullable Project project) { Notifications.Bus.notify(this, project); }

  @Override
  public String toString() { return "Notification{group=" + myGroupId + ", type=" + myType + ", title=" + myTitle + ", content=" + myContent + "}"; }
}
