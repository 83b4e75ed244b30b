// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileChooserDescriptor.java
// Upstream: commit not reported (index file ids 24130520307 and 754721095: the two public constructors, identical in every text seen; 252 line inferred)
// Only the constructors FileSaverDescriptor needs.
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;

public class FileChooserDescriptor {
  public FileChooserDescriptor(boolean chooseFiles, boolean chooseFolders, boolean chooseJars, boolean chooseJarsAsFiles,
                               boolean chooseJarContents, boolean chooseMultiple) { }

  public FileChooserDescriptor(@NotNull FileChooserDescriptor d) { }
}
