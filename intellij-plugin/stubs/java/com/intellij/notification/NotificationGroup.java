// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroup.kt (Kotlin; the Java view)
// Upstream: 06b6f557919e109c8e8682109fa7fe4a0221bdcf (text (c) 2000-2022, the text the index returns; 252 line NOT read)
// Only the members this plugin uses. The four-argument createNotification(title, content, type, listener) is
// @Deprecated + @ApiStatus.ScheduledForRemoval upstream and is not mirrored.
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;

public final class NotificationGroup {
  private NotificationGroup() { }

  public @NotNull Notification createNotification(@NotNull String content, @NotNull NotificationType type) {
    throw new UnsupportedOperationException("stub");
  }

  public @NotNull Notification createNotification(@NotNull String title, @NotNull String content, @NotNull NotificationType type) {
    throw new UnsupportedOperationException("stub");
  }
}
