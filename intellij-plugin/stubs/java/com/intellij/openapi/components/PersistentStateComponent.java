// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/PersistentStateComponent.java
// Upstream: 123242c4b23a90f7910193139aa4d3b2979d9647 (text (c) 2000-2019, the text the index returns; 252 line NOT read, members unchanged in every text seen)
// loadState is called on the thread that initializes the component and again when the file changes on disk.
// The defaults do nothing, as in that text; the model's settings store (platformmodel.ui) drives the contract.
package com.intellij.openapi.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PersistentStateComponent<T> {
  @Nullable T getState();

  void loadState(@NotNull T state);

  default void noStateLoaded() { }

  default void initializeComponent() { }
}
