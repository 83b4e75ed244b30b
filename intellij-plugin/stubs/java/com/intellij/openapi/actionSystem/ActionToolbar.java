// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionToolbar.java
// Upstream: commit not reported (index file id 4360755557, text (c) 2000-2023 with updateActionsAsync; newest text found, 252 line inferred)
// Implemented by the platform only; getTargetComponent() is @ApiStatus.Internal and not mirrored.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.JComponent;

public interface ActionToolbar {
  @NotNull JComponent getComponent();

  void setTargetComponent(@Nullable JComponent component);
}
