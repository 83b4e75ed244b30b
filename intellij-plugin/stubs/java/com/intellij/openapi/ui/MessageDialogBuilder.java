// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/MessageDialogBuilder.kt (Kotlin; the Java view)
// Upstream: 0b008b9943269541bd9483eb781202cf2e2366ef (text (c) 2000-2021, the text the index returns; 252 line NOT read)
// A Kotlin sealed class (abstract here); companion @JvmStatic yesNo is a static method; YesNo has an internal
// constructor (private here). ask(...) shows a modal dialog: EDT only.
// Bodies follow that text's non-Mac path: ask() is MessagesService.getInstance().showMessageDialog(...) with the
// options {yesText, noText} ("Yes"/"No" by default) and is true when it answers 0 (YES). yesNo() sets no icon here
// (UIUtil.getQuestionIcon() is not stubbed) and asWarning() leaves the icon as it is (UIUtil.getWarningIcon() neither).
package com.intellij.openapi.ui;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.ui.messages.MessagesService;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.awt.Component;

public abstract class MessageDialogBuilder<T extends MessageDialogBuilder<T>> {
  protected final String title;
  protected final String message;
  protected String yesText;
  protected String noText;
  protected Icon icon;

  private MessageDialogBuilder(@NotNull String title, @NotNull String message) {
    this.title = title;
    this.message = message;
  }

  protected abstract T getThis();

  public static @NotNull YesNo yesNo(@NotNull String title, @NotNull String message) { return new YesNo(title, message); }

  public final @NotNull T icon(@Nullable Icon icon) {
    this.icon = icon;
    return getThis();
  }

  public final @NotNull T asWarning() { return getThis(); }

  public final @NotNull T yesText(@NotNull String yesText) {
    this.yesText = yesText;
    return getThis();
  }

  public final @NotNull T noText(@NotNull String noText) {
    this.noText = noText;
    return getThis();
  }

  public static final class YesNo extends MessageDialogBuilder<YesNo> {
    private YesNo(@NotNull String title, @NotNull String message) { super(title, message); }

    @Override
    protected YesNo getThis() { return this; }

    public boolean ask(@Nullable Project project) { return show(project, null); }

    public boolean ask(@Nullable Component parentComponent) { return show(null, parentComponent); }

    private boolean show(@Nullable Project project, @Nullable Component parentComponent) {
      String[] options = {yesText != null ? yesText : "Yes", noText != null ? noText : "No"};
      return MessagesService.getInstance().showMessageDialog(project, parentComponent, message, title, options, 0, -1, icon, null, true) == 0;
    }
  }
}
