// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnAction.java
// Upstream: commit not reported (index file id 1368849076, text (c) 2000-2024 with ActionUpdateThreadAware; newest of 3 texts found, 252 line inferred)
// The real class also implements ActionUpdateThreadAware (getActionUpdateThread is declared there too).
// String constructors take a plain text; Supplier ones a localizable text (e.g. a bundle lookup).
// Bodies follow that text: the constructors fill the template presentation (text, description, icon), update() does
// nothing, getActionUpdateThread() is ActionUpdateThreadAware's default, EDT in the 2024 text (index file id 1787608320).
package com.intellij.openapi.actionSystem;

import com.intellij.openapi.project.PossiblyDumbAware;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.util.function.Supplier;

public abstract class AnAction implements PossiblyDumbAware {
  private Presentation myTemplatePresentation;

  public AnAction() { }

  public AnAction(@Nullable Icon icon) { this((String)null, null, icon); }

  public AnAction(@Nullable String text) { this(text, null, null); }

  public AnAction(@NotNull Supplier<String> dynamicText) { this(dynamicText, (Icon)null); }

  public AnAction(@Nullable String text, @Nullable String description, @Nullable Icon icon) {
    Presentation presentation = getTemplatePresentation();
    presentation.setText(text);
    presentation.setDescription(description);
    presentation.setIcon(icon);
  }

  @ApiStatus.Experimental
  public AnAction(@NotNull Supplier<String> text, @Nullable Supplier<String> description, @Nullable Supplier<? extends Icon> icon) {
    this(text.get(), description == null ? null : description.get(), icon == null ? null : icon.get());
  }

  @ApiStatus.Experimental
  public AnAction(@NotNull Supplier<String> text, @NotNull Supplier<String> description) { this(text.get(), description.get(), null); }

  public AnAction(@NotNull Supplier<String> dynamicText, @Nullable Icon icon) { this(dynamicText.get(), null, icon); }

  public AnAction(@NotNull Supplier<String> dynamicText, @NotNull Supplier<String> dynamicDescription, @Nullable Icon icon) {
    this(dynamicText.get(), dynamicDescription.get(), icon);
  }

  public @NotNull ActionUpdateThread getActionUpdateThread() { return ActionUpdateThread.EDT; }

  @ApiStatus.OverrideOnly
  public void update(@NotNull AnActionEvent e) { }

  public final @NotNull Presentation getTemplatePresentation() {
    Presentation presentation = myTemplatePresentation;
    if (presentation == null) myTemplatePresentation = presentation = new Presentation();
    return presentation;
  }

  public abstract void actionPerformed(@NotNull AnActionEvent e);

  @Override
  public String toString() { return getTemplatePresentation().getText(); }
}
