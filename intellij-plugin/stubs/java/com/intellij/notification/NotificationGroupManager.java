// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroupManager.java
// Upstream: 1e51e91f3a31729149d31672e78d812c2f9a1957 (text (c) 2000-2022; 252 line inferred; getNotificationGroup is unannotated: fixed)
// getInstance() is the application service, as in index file id 4524569356; the model implements it from plugin.xml's <notificationGroup>.
package com.intellij.notification;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.NotNull;

public interface NotificationGroupManager {
  static NotificationGroupManager getInstance() {
    return ApplicationManager.getApplication().getService(NotificationGroupManager.class);
  }

  NotificationGroup getNotificationGroup(@NotNull String groupId);
}
