// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/Notification.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.notification;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.Nullable;

public class Notification {
  private Notification() { }

  public void notify(@Nullable Project project) { throw new UnsupportedOperationException("stub"); }
}
