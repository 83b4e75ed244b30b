// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-ui/src/com/intellij/ui/ColoredTextContainer.java
// (text read: copyright 2000-2020, newest text in the index). Only the members this plugin uses; bodies are placeholders.
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;

public interface ColoredTextContainer {
  void append(@NotNull String fragment, @NotNull SimpleTextAttributes attributes);

  default void append(@NotNull String fragment, @NotNull SimpleTextAttributes attributes, Object tag) {
    append(fragment, attributes);
  }

  default void setIcon(@Nullable Icon icon) { }

  default void setToolTipText(@Nullable String text) { }
}
