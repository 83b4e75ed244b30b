// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnAction.java
// Upstream: commit not reported (index file id 1368849076, text (c) 2000-2024 with ActionUpdateThreadAware; newest of 3 texts found, 252 line inferred)
// The real class also implements ActionUpdateThreadAware (getActionUpdateThread is declared there too).
// String constructors take a plain text; Supplier ones a localizable text (e.g. a bundle lookup).
package com.intellij.openapi.actionSystem;

import com.intellij.openapi.project.PossiblyDumbAware;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.util.function.Supplier;

public abstract class AnAction implements PossiblyDumbAware {
  public AnAction() { }

  public AnAction(@Nullable Icon icon) { }

  public AnAction(@Nullable String text) { }

  public AnAction(@NotNull Supplier<String> dynamicText) { }

  public AnAction(@Nullable String text, @Nullable String description, @Nullable Icon icon) { }

  @ApiStatus.Experimental
  public AnAction(@NotNull Supplier<String> text, @Nullable Supplier<String> description, @Nullable Supplier<? extends Icon> icon) { }

  @ApiStatus.Experimental
  public AnAction(@NotNull Supplier<String> text, @NotNull Supplier<String> description) { }

  public AnAction(@NotNull Supplier<String> dynamicText, @Nullable Icon icon) { }

  public AnAction(@NotNull Supplier<String> dynamicText, @NotNull Supplier<String> dynamicDescription, @Nullable Icon icon) { }

  public @NotNull ActionUpdateThread getActionUpdateThread() { throw new UnsupportedOperationException("stub"); }

  @ApiStatus.OverrideOnly
  public void update(@NotNull AnActionEvent e) { throw new UnsupportedOperationException("stub"); }

  public final @NotNull Presentation getTemplatePresentation() { throw new UnsupportedOperationException("stub"); }

  public abstract void actionPerformed(@NotNull AnActionEvent e);
}
