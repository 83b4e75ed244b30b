// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileChooserDescriptor.java
// Upstream: commit not reported (index file ids 24130520307 and 754721095: the two public constructors, identical in every text seen; 252 line inferred)
// title/description accessors and withExtensionFilter(String): as FileSaverDescriptor's 2024 text (index file id 8040818958) calls them.
// Only the constructors FileSaverDescriptor needs, and the title/description/extension filter it sets (bodies: plain
// fields). The extension filter is kept, not applied: nothing in the model browses files.
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;

public class FileChooserDescriptor {
  private String myTitle;
  private String myDescription;
  private String myExtension;

  public FileChooserDescriptor(boolean chooseFiles, boolean chooseFolders, boolean chooseJars, boolean chooseJarsAsFiles,
                               boolean chooseJarContents, boolean chooseMultiple) { }

  public FileChooserDescriptor(@NotNull FileChooserDescriptor d) {
    myTitle = d.myTitle;
    myDescription = d.myDescription;
    myExtension = d.myExtension;
  }

  public String getTitle() { return myTitle; }

  public void setTitle(String title) { myTitle = title; }

  public String getDescription() { return myDescription; }

  public void setDescription(String description) { myDescription = description; }

  public FileChooserDescriptor withExtensionFilter(@NotNull String extension) {
    myExtension = extension;
    return this;
  }
}
