// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogWrapper.java
// (text read: copyright 2000-2024 (members used are unchanged since the 2014 text)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.ui;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Action;
import javax.swing.JComponent;

public abstract class DialogWrapper {
  public static final int OK_EXIT_CODE = 0;
  public static final int CANCEL_EXIT_CODE = 1;
  public static final String DEFAULT_ACTION = "DefaultAction";

  protected DialogWrapper(@Nullable Project project, boolean canBeParent) { }

  protected void init() { throw new UnsupportedOperationException("stub"); }

  protected abstract @Nullable JComponent createCenterPanel();

  public void setTitle(String title) { throw new UnsupportedOperationException("stub"); }

  protected void setOKButtonText(@NotNull String text) { throw new UnsupportedOperationException("stub"); }

  protected void setCancelButtonText(@NotNull String text) { throw new UnsupportedOperationException("stub"); }

  protected @NotNull Action getOKAction() { throw new UnsupportedOperationException("stub"); }

  protected @NotNull Action getCancelAction() { throw new UnsupportedOperationException("stub"); }

  public boolean showAndGet() { throw new UnsupportedOperationException("stub"); }

  public final void close(int exitCode) { throw new UnsupportedOperationException("stub"); }

  public boolean isShowing() { throw new UnsupportedOperationException("stub"); }
}
