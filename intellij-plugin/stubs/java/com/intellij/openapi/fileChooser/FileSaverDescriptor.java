// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileSaverDescriptor.java
// Upstream: commit not reported (index file id 8040818958, text (c) 2000-2024, newest of 6 texts found; 252 line inferred)
// The (title, description, String... extensions) constructor is @Deprecated in this text (wrong label in the Windows
// native dialog); use (title, description) or (title, description, extension). Kotlin resolves a call with exactly
// three Strings to the non-vararg constructor. Bodies follow that text (title, description, one extension filter;
// several extensions set the filter's label upstream, not modelled: only the first is kept).
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;

public class FileSaverDescriptor extends FileChooserDescriptor {
  public FileSaverDescriptor(@NotNull String title, @NotNull String description) {
    super(true, true, true, true, false, false);
    setTitle(title);
    setDescription(description);
  }

  public FileSaverDescriptor(@NotNull String title, @NotNull String description, String extension) {
    this(title, description);
    withExtensionFilter(extension);
  }

  public FileSaverDescriptor(@NotNull FileChooserDescriptor fileChooserDescriptor) { super(fileChooserDescriptor); }

  @Deprecated
  public FileSaverDescriptor(@NotNull String title, @NotNull String description, String... extensions) {
    this(title, description);
    if (extensions.length != 0) withExtensionFilter(extensions[0]);
  }
}
