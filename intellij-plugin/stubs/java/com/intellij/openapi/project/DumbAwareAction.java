// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/project/DumbAwareAction.java
// Upstream: commit not reported (index file id 8779955254, text (c) 2000-2025; 252 line inferred)
// The static create(...) factories (com.intellij.util.Consumer) are not mirrored. Constructors pass to AnAction's.
package com.intellij.openapi.project;

import com.intellij.openapi.actionSystem.AnAction;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.util.function.Supplier;

public abstract class DumbAwareAction extends AnAction implements DumbAware {
  protected DumbAwareAction() { }

  protected DumbAwareAction(@Nullable Icon icon) { super(icon); }

  protected DumbAwareAction(@Nullable String text) { super(text); }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText) { super(dynamicText); }

  protected DumbAwareAction(@Nullable String text, @Nullable String description, @Nullable Icon icon) { super(text, description, icon); }

  protected DumbAwareAction(@NotNull Supplier<String> text, @Nullable Supplier<String> description, @Nullable Supplier<? extends Icon> iconSupplier) { super(text, description, iconSupplier); }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText, @NotNull Supplier<String> dynamicDescription, @Nullable Icon icon) { super(dynamicText, dynamicDescription, icon); }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText, @NotNull Supplier<String> dynamicDescription) { super(dynamicText, dynamicDescription); }

  protected DumbAwareAction(@NotNull Supplier<String> dynamicText, @Nullable Icon icon) { super(dynamicText, icon); }
}
