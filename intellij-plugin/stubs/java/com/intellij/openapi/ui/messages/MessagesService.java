// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/messages/MessagesService.kt (Kotlin; the Java view)
// Upstream: dba230ceffe26649d13f2fe46542c2976428cc2a (index file id 6720543577, text (c) 2000-2020; 252 line NOT read: newer texts may add parameters)
// Shows the Messages dialogs; MessageDialogBuilder calls it. The model implements it (platformmodel.ui). Only
// showMessageDialog is mirrored; the companion's @JvmStatic getInstance() is the application service.
package com.intellij.openapi.ui.messages;

import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.ui.DialogWrapper;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.awt.Component;

public interface MessagesService {
  static @NotNull MessagesService getInstance() {
    return ApplicationManager.getApplication().getService(MessagesService.class);
  }

  int showMessageDialog(@Nullable Project project,
                        @Nullable Component parentComponent,
                        @Nullable String message,
                        @Nullable String title,
                        @NotNull String[] options,
                        int defaultOptionIndex,
                        int focusedOptionIndex,
                        @Nullable Icon icon,
                        @Nullable DialogWrapper.DoNotAskOption doNotAskOption,
                        boolean alwaysUseIdeaUI);
}
