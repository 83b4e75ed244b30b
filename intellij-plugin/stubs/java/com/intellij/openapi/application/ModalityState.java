// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ModalityState.java
// Upstream: commit not reported (index file id 8397968021, text with nonModal(), the newest of 9 texts found; 252 line inferred)
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

public abstract class ModalityState {
  /** Runs even while modal dialogs are open. */
  public static @NotNull ModalityState any() { throw new UnsupportedOperationException("stub"); }
}
