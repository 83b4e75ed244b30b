// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/lang/Language.java
// Upstream: commit not reported (index file id 5942101026, text with 'public @NotNull @NlsSafe String getID()'; the stored version at this path is 3759705cc157db3602a8b33aab0117a8bbe747c2; 252 line inferred)
package com.intellij.lang;

import org.jetbrains.annotations.NotNull;

public abstract class Language {
  /** "JAVA", "kotlin", "Python", "JavaScript", ... */
  public @NotNull String getID() { throw new UnsupportedOperationException("stub"); }
}
