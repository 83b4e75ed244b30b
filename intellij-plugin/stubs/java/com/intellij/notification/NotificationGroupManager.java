// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroupManager.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface NotificationGroupManager {
  static NotificationGroupManager getInstance() { throw new UnsupportedOperationException("stub"); }

  @Nullable NotificationGroup getNotificationGroup(@NotNull String groupId);
}
