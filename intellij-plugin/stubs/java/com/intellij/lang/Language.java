// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/lang/Language.java
// Upstream: commit not reported (index file id 5942101026, text with 'public @NotNull @NlsSafe String getID()'; the stored version at this path is 3759705cc157db3602a8b33aab0117a8bbe747c2; 252 line inferred)
// Body: as upstream: languages are named by the id given to the protected constructor (the registry of instances is left out).
package com.intellij.lang;

import org.jetbrains.annotations.NotNull;

public abstract class Language {
  private final String myID;

  protected Language(@NotNull String ID) { myID = ID; }

  /** "JAVA", "kotlin", "Python", "JavaScript", ... */
  public @NotNull String getID() { return myID; }

  @Override
  public String toString() { return "Language: " + myID; }
}
