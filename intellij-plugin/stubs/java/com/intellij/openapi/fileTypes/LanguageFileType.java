// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/fileTypes/LanguageFileType.java
// Upstream: commit not reported (index file id 58042236391, text with 'public final @NotNull Language getLanguage()', the newest intellij text found; 252 line inferred)
// Body: as upstream: the language given to the protected constructor.
package com.intellij.openapi.fileTypes;

import com.intellij.lang.Language;
import org.jetbrains.annotations.NotNull;

public abstract class LanguageFileType implements FileType {
  private final Language myLanguage;

  protected LanguageFileType(@NotNull Language language) { myLanguage = language; }

  public final @NotNull Language getLanguage() { return myLanguage; }
}
