// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogWrapperPeerFactory.java
// Upstream: 0d756ce25492936f431ce64650c9fff6046a34f0 (index file id 18816092824, text (c) 2000-2020; 252 line inferred: the text the index returns)
// getInstance() is the application service, as upstream once components are registered (the by-name fallback to
// DialogWrapperPeerFactoryImpl is not mirrored). Only the createPeer overload DialogWrapper's bodies use.
package com.intellij.openapi.ui;

import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class DialogWrapperPeerFactory {
  public static @NotNull DialogWrapperPeerFactory getInstance() {
    return ApplicationManager.getApplication().getService(DialogWrapperPeerFactory.class);
  }

  public abstract @NotNull DialogWrapperPeer createPeer(@NotNull DialogWrapper wrapper,
                                                        @Nullable Project project,
                                                        boolean canBeParent,
                                                        DialogWrapper.IdeModalityType ideModalityType);
}
