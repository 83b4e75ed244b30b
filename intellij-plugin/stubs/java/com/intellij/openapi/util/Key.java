// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/Key.java
// Upstream: commit not reported (index file id 6790149158, text with the Int2ObjectMap key registry, the newest intellij text of 3 found; the stored version at this path is 41cee1421f771f743cfc8f21d0e1acb0eb945327; 252 line inferred)
// Body: as upstream: a named identity key (toString is its name); the key registry is left out.
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;

public class Key<T> {
  private final String myName;

  public Key(@NotNull String name) { myName = name; }

  public static @NotNull <T> Key<T> create(@NotNull String name) { return new Key<>(name); }

  @Override
  public String toString() { return myName; }
}
