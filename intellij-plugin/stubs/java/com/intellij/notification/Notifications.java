// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/Notifications.java
// Upstream: 06b6f557919e109c8e8682109fa7fe4a0221bdcf (index file id 15228257079, text (c) 2000-2022; 252 line inferred: the text the index returns)
// Bus.notify follows that text: off the EDT it is re-posted with invokeLater (default modality, i.e. nonModal off
// the EDT), on the EDT it is delivered at once, to the project's listeners when a live project is given, else to the
// application's. Simpler than upstream: the message bus TOPIC is stood in for by a Notifications service of the
// project or the application (the model's notification log); TOPIC, register and notifyAndHide are not mirrored.
package com.intellij.notification;

import com.intellij.openapi.application.Application;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.application.ModalityState;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;


public interface Notifications {
  default void notify(@NotNull Notification notification) { }

  final class Bus {
    private Bus() { }

    public static void notify(@NotNull Notification notification) { notify(notification, null); }

    public static void notify(@NotNull Notification notification, @Nullable Project project) {
      notification.assertHasTitleOrContent();
      Application app = ApplicationManager.getApplication();
      if (app.isDispatchThread()) {
        doNotify(notification, project);
      }
      else {
        app.invokeLater(() -> doNotify(notification, project), ModalityState.nonModal());
      }
    }

    private static void doNotify(@NotNull Notification notification, @Nullable Project project) {
      if (project != null && !project.isDisposed()) {
        project.getService(Notifications.class).notify(notification);
      }
      else {
        Application app = ApplicationManager.getApplication();
        if (!app.isDisposed()) app.getService(Notifications.class).notify(notification);
      }
    }
  }
}
