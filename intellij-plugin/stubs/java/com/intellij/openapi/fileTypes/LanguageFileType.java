// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/fileTypes/LanguageFileType.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.fileTypes;

import com.intellij.lang.Language;
import org.jetbrains.annotations.NotNull;

public abstract class LanguageFileType implements FileType {
  public final @NotNull Language getLanguage() { throw new UnsupportedOperationException("stub"); }
}
