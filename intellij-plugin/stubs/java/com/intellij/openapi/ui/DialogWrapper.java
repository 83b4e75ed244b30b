// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogWrapper.java
// Upstream: commit not reported (index file id 2748578528, text (c) 2000-2022 with logClickOnHelpDialogEvent, the newest of 7 texts found; 252 line inferred)
// Only the members this plugin uses. Every method runs on the EDT (class javadoc; the constructors, init, show and
// close assert it). show()/showAndGet() of a modal dialog return when it closes; exit codes of extra buttons start at
// NEXT_USER_EXIT_CODE. createActions() returns Action @NotNull [] upstream (type-use annotation, written on the method here).
package com.intellij.openapi.ui;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.AbstractAction;
import javax.swing.Action;
import javax.swing.JComponent;
import java.awt.event.ActionEvent;

public abstract class DialogWrapper {
  public static final int OK_EXIT_CODE = 0;
  public static final int CANCEL_EXIT_CODE = 1;
  public static final int CLOSE_EXIT_CODE = CANCEL_EXIT_CODE;
  public static final int NEXT_USER_EXIT_CODE = 2;
  public static final String DEFAULT_ACTION = "DefaultAction";
  public static final String FOCUSED_ACTION = "FocusedAction";

  protected DialogWrapper(@Nullable Project project, boolean canBeParent) { }

  protected void init() { throw new UnsupportedOperationException("stub"); }

  protected abstract @Nullable JComponent createCenterPanel();

  protected @NotNull Action[] createActions() { throw new UnsupportedOperationException("stub"); }

  public void setTitle(String title) { throw new UnsupportedOperationException("stub"); }

  protected final void setOKButtonText(@NotNull String text) { throw new UnsupportedOperationException("stub"); }

  protected final void setCancelButtonText(@NotNull String text) { throw new UnsupportedOperationException("stub"); }

  protected @NotNull Action getOKAction() { throw new UnsupportedOperationException("stub"); }

  protected @NotNull Action getCancelAction() { throw new UnsupportedOperationException("stub"); }

  protected void doOKAction() { throw new UnsupportedOperationException("stub"); }

  public void doCancelAction() { throw new UnsupportedOperationException("stub"); }

  public final void setCrossClosesWindow(boolean crossClosesWindow) { throw new UnsupportedOperationException("stub"); }

  public void show() { throw new UnsupportedOperationException("stub"); }

  public boolean showAndGet() { throw new UnsupportedOperationException("stub"); }

  public final void close(int exitCode) { throw new UnsupportedOperationException("stub"); }

  public int getExitCode() { throw new UnsupportedOperationException("stub"); }

  public boolean isOK() { throw new UnsupportedOperationException("stub"); }

  public boolean isShowing() { throw new UnsupportedOperationException("stub"); }

  /** Runs doAction only when no other action of the dialog is running and the dialog is not closed. */
  protected abstract class DialogWrapperAction extends AbstractAction {
    protected DialogWrapperAction(@NotNull String name) { }

    @Override
    public void actionPerformed(ActionEvent e) { throw new UnsupportedOperationException("stub"); }

    protected abstract void doAction(ActionEvent e);
  }

  /** Closes the dialog with the given exit code when enabled. */
  protected class DialogWrapperExitAction extends DialogWrapperAction {
    protected final int myExitCode;

    public DialogWrapperExitAction(String name, int exitCode) {
      super(name);
      myExitCode = exitCode;
    }

    @Override
    protected void doAction(ActionEvent e) { throw new UnsupportedOperationException("stub"); }
  }
}
