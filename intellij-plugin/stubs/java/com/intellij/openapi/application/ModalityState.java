// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ModalityState.java
// Upstream: commit not reported (index file id 8397968021, text with nonModal(), the newest of 9 texts found; 252 line inferred)
// Body: as upstream, the static factories ask the Application (getAnyModalityState/getNoneModalityState/getDefaultModalityState/getCurrentModalityState); concrete states are the model's.
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

public abstract class ModalityState {
  /** Runs even while modal dialogs are open: for pure UI work (upstream javadoc). */
  public static @NotNull ModalityState any() { return ApplicationManager.getApplication().getAnyModalityState(); }

  /** Runs when no modal dialog is open. */
  public static @NotNull ModalityState nonModal() { return ApplicationManager.getApplication().getNoneModalityState(); }

  public static @NotNull ModalityState defaultModalityState() { return ApplicationManager.getApplication().getDefaultModalityState(); }

  public static @NotNull ModalityState current() { return ApplicationManager.getApplication().getCurrentModalityState(); }

  /** True when this state is inside [anotherState]'s modal dialogs, i.e. work of anotherState must wait while this one is current. */
  public abstract boolean dominates(@NotNull ModalityState anotherState);
}
