// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileChooserFactory.java
// Upstream: 0d756ce25492936f431ce64650c9fff6046a34f0 (text (c) 2000-2023; 252 line inferred)
// getInstance() is the application service (as in index file id 11849816004); the model implements it (platformmodel.ui).
package com.intellij.openapi.fileChooser;

import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class FileChooserFactory {
  public static FileChooserFactory getInstance() { return ApplicationManager.getApplication().getService(FileChooserFactory.class); }

  public abstract @NotNull FileSaverDialog createSaveFileDialog(@NotNull FileSaverDescriptor descriptor, @Nullable Project project);
}
