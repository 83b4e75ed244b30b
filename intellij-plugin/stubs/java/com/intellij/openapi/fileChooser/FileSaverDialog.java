// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileSaverDialog.java
// Upstream: 0d756ce25492936f431ce64650c9fff6046a34f0 (text (c) 2000-2020; 252 line inferred: the text the index returns for that path)
// save(...) shows a modal dialog: EDT only. null means the user cancelled. The model implements it (platformmodel.ui);
// save(filename) asks without a base directory.
package com.intellij.openapi.fileChooser;

import com.intellij.openapi.vfs.VirtualFile;
import com.intellij.openapi.vfs.VirtualFileWrapper;
import org.jetbrains.annotations.Nullable;

import java.nio.file.Path;

public interface FileSaverDialog {
  @Nullable VirtualFileWrapper save(@Nullable VirtualFile baseDir, @Nullable String filename);

  @Nullable VirtualFileWrapper save(@Nullable Path baseDir, @Nullable String filename);

  default @Nullable VirtualFileWrapper save(@Nullable String filename) { return save((Path)null, filename); }
}
