// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroup.kt (Kotlin; the Java view)
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;

public final class NotificationGroup {
  private NotificationGroup() { }

  public @NotNull Notification createNotification(@NotNull String content, @NotNull NotificationType type) {
    throw new UnsupportedOperationException("stub");
  }
}
