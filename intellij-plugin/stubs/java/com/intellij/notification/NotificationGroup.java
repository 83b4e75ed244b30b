// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroup.kt (Kotlin; the Java view)
// Upstream: 06b6f557919e109c8e8682109fa7fe4a0221bdcf (text (c) 2000-2022, the text the index returns; 252 line NOT read)
// Only the members this plugin and the model use. The four-argument createNotification(title, content, type, listener) is
// @Deprecated + @ApiStatus.ScheduledForRemoval upstream and is not mirrored. createNotification makes a
// Notification of this group's id (upstream also sets the group's icon and display id, not modelled).
// The constructor is internal upstream (groups come from <notificationGroup> through NotificationGroupManager).
package com.intellij.notification;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

public final class NotificationGroup {
  private final String myDisplayId;
  private final NotificationDisplayType myDisplayType;

  @ApiStatus.Internal
  public NotificationGroup(@NotNull String displayId, @NotNull NotificationDisplayType displayType) {
    myDisplayId = displayId;
    myDisplayType = displayType;
  }

  public @NotNull String getDisplayId() { return myDisplayId; }

  public @NotNull NotificationDisplayType getDisplayType() { return myDisplayType; }

  public @NotNull Notification createNotification(@NotNull String content, @NotNull NotificationType type) {
    return createNotification("", content, type);
  }

  public @NotNull Notification createNotification(@NotNull String title, @NotNull String content, @NotNull NotificationType type) {
    return new Notification(myDisplayId, title, content, type);
  }
}
