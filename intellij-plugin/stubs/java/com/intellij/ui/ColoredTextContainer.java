// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-ui/src/com/intellij/ui/ColoredTextContainer.java
// Upstream: commit not reported (index file id 14035964398, text (c) 2000-2020 with the default append/setIcon/setToolTipText; the stored version, at the older platform/platform-api path, is 03980ad0dccbd9a9140c4dc2415985c469f99ae7; 252 line inferred)
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
