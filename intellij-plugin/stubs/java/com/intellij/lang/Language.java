// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/lang/Language.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.lang;

import org.jetbrains.annotations.NotNull;

public abstract class Language {
  /** "JAVA", "kotlin", "Python", "JavaScript", ... */
  public @NotNull String getID() { throw new UnsupportedOperationException("stub"); }
}
