// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/project/DumbAwareAction.java
// Upstream: commit not reported (index file id 8779955254, text (c) 2000-2025; 252 line inferred)
// The static create(...) factories (com.intellij.util.Consumer) are not mirrored.
package com.intellij.openapi.project;

import com.intellij.openapi.actionSystem.AnAction;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.util.function.Supplier;

public abstract class DumbAwareAction extends AnAction implements DumbAware {
  protected DumbAwareAction() { }

  protected DumbAwareAction(@Nullable Icon icon) { }

  protected DumbAwareAction(@Nullable String text) { }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText) { }

  protected DumbAwareAction(@Nullable String text, @Nullable String description, @Nullable Icon icon) { }

  protected DumbAwareAction(@NotNull Supplier<String> text, @Nullable Supplier<String> description, @Nullable Supplier<? extends Icon> iconSupplier) { }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText, @NotNull Supplier<String> dynamicDescription, @Nullable Icon icon) { }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText, @NotNull Supplier<String> dynamicDescription) { }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText, @Nullable Icon icon) { }
}
