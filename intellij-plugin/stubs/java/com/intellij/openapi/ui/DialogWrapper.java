// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogWrapper.java
// Upstream: commit not reported (index file id 2748578528, text (c) 2000-2022 with logClickOnHelpDialogEvent, the newest of 7 texts found; 252 line inferred)
// Only the members this plugin uses. Every method runs on the EDT (class javadoc; the constructors, init, show and
// close assert it). show()/showAndGet() of a modal dialog return when it closes; exit codes of extra buttons start at
// NEXT_USER_EXIT_CODE. createActions() returns Action @NotNull [] upstream (type-use annotation, written on the method here).
// Bodies follow that text (exit codes, the OK/Cancel actions, close -> dispose -> the peer's dispose, isShowing from
// the peer, DialogWrapperAction's once-only guard); the window is the peer's, looked up as upstream does through
// DialogWrapperPeerFactory.getInstance(). Simpler than upstream: init() lays out the centre panel and one row of
// buttons (no validation, help, mnemonics or Mac button order); show() registers Esc only.
package com.intellij.openapi.ui;

import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.Disposer;
import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.AbstractAction;
import javax.swing.Action;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JPanel;
import javax.swing.JRootPane;
import javax.swing.KeyStroke;
import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.FlowLayout;
import java.awt.event.ActionEvent;
import java.awt.event.KeyEvent;

public abstract class DialogWrapper {
  public enum IdeModalityType { IDE, PROJECT, MODELESS }

  /** Marker of the "Do not ask again" option (members not mirrored: the plugin never passes one). */
  public interface DoNotAskOption { }

  public static final int OK_EXIT_CODE = 0;
  public static final int CANCEL_EXIT_CODE = 1;
  public static final int CLOSE_EXIT_CODE = CANCEL_EXIT_CODE;
  public static final int NEXT_USER_EXIT_CODE = 2;
  public static final String DEFAULT_ACTION = "DefaultAction";
  public static final String FOCUSED_ACTION = "FocusedAction";

  protected final @NotNull Disposable myDisposable = new Disposable() {
    @Override
    public void dispose() { DialogWrapper.this.dispose(); }

    @Override
    public String toString() { return DialogWrapper.this.toString(); }
  };

  private final @NotNull DialogWrapperPeer myPeer;
  private boolean myClosed;
  private int myExitCode = CANCEL_EXIT_CODE;
  private boolean myCrossClosesWindow = true;

  protected Action myOKAction;
  protected Action myCancelAction;
  protected boolean myPerformAction;

  protected DialogWrapper(@Nullable Project project, boolean canBeParent) {
    this(project, canBeParent, IdeModalityType.IDE);
  }

  protected DialogWrapper(@Nullable Project project, boolean canBeParent, @NotNull IdeModalityType ideModalityType) {
    ensureEventDispatchThread();
    myPeer = DialogWrapperPeerFactory.getInstance().createPeer(this, project, canBeParent,
                                                               project == null ? IdeModalityType.IDE : ideModalityType);
    myOKAction = new OkAction();
    myCancelAction = new CancelAction();
  }

  protected void init() {
    ensureEventDispatchThread();
    JPanel root = new JPanel(new BorderLayout());
    JComponent center = createCenterPanel();
    if (center != null) root.add(center, BorderLayout.CENTER);
    JPanel south = new JPanel(new FlowLayout(FlowLayout.RIGHT));
    for (Action action : createActions()) {
      if (action == null) continue;
      JButton button = new JButton(action);
      south.add(button);
      if (action.getValue(DEFAULT_ACTION) != null && getRootPane() != null) getRootPane().setDefaultButton(button);
    }
    root.add(south, BorderLayout.SOUTH);
    myPeer.setContentPane(root);
  }

  protected abstract @Nullable JComponent createCenterPanel();

  protected @NotNull Action[] createActions() { return new Action[]{getOKAction(), getCancelAction()}; }

  public void setTitle(String title) { myPeer.setTitle(title); }

  public String getTitle() { return myPeer.getTitle(); }

  public JRootPane getRootPane() { return myPeer.getRootPane(); }

  protected final void setOKButtonText(@NotNull String text) { myOKAction.putValue(Action.NAME, text); }

  protected final void setCancelButtonText(@NotNull String text) { myCancelAction.putValue(Action.NAME, text); }

  protected @NotNull Action getOKAction() { return myOKAction; }

  protected @NotNull Action getCancelAction() { return myCancelAction; }

  protected void doOKAction() {
    if (getOKAction().isEnabled()) close(OK_EXIT_CODE);
  }

  public void doCancelAction() {
    if (getCancelAction().isEnabled()) close(CANCEL_EXIT_CODE);
  }

  public final void setCrossClosesWindow(boolean crossClosesWindow) { myCrossClosesWindow = crossClosesWindow; }

  public boolean shouldCloseOnCross() { return myCrossClosesWindow; }

  public boolean isModal() { return myPeer.isModal(); }

  public void show() {
    ensureEventDispatchThread();
    JRootPane rootPane = getRootPane();
    if (rootPane != null) {
      rootPane.registerKeyboardAction(e -> doCancelAction(), KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0),
                                      JComponent.WHEN_IN_FOCUSED_WINDOW);
    }
    Disposable uiParent = ApplicationManager.getApplication();
    if (uiParent != null) Disposer.register(uiParent, myDisposable);
    myPeer.show();
  }

  public boolean showAndGet() {
    if (!isModal()) throw new IllegalStateException("The showAndGet() method is for modal dialogs only");
    show();
    return isOK();
  }

  public final void close(int exitCode, boolean isOk) {
    ensureEventDispatchThread();
    if (myClosed) return;
    myClosed = true;
    myExitCode = exitCode;
    Disposer.dispose(myDisposable);
  }

  public final void close(int exitCode) { close(exitCode, exitCode != CANCEL_EXIT_CODE); }

  protected void dispose() {
    ensureEventDispatchThread();
    myPeer.dispose();
  }

  public int getExitCode() { return myExitCode; }

  public boolean isOK() { return getExitCode() == OK_EXIT_CODE; }

  public boolean isShowing() { return myPeer.isShowing(); }

  private static void ensureEventDispatchThread() {
    if (!EventQueue.isDispatchThread()) {
      throw new IllegalStateException("The DialogWrapper can only be used in event dispatch thread. Current thread: " + Thread.currentThread());
    }
  }

  /** Runs doAction only when no other action of the dialog is running and the dialog is not closed. */
  protected abstract class DialogWrapperAction extends AbstractAction {
    protected DialogWrapperAction(@NotNull String name) { super(name); }

    @Override
    public void actionPerformed(ActionEvent e) {
      if (myClosed) return;
      if (myPerformAction) return;
      try {
        myPerformAction = true;
        doAction(e);
      }
      finally {
        myPerformAction = false;
      }
    }

    protected abstract void doAction(ActionEvent e);
  }

  protected class OkAction extends DialogWrapperAction {
    protected OkAction() {
      super("OK");
      putValue(DEFAULT_ACTION, Boolean.TRUE);
    }

    @Override
    protected void doAction(ActionEvent e) { doOKAction(); }
  }

  protected final class CancelAction extends DialogWrapperAction {
    private CancelAction() { super("Cancel"); }

    @Override
    protected void doAction(ActionEvent e) { doCancelAction(); }
  }

  /** Closes the dialog with the given exit code when enabled. */
  protected class DialogWrapperExitAction extends DialogWrapperAction {
    protected final int myExitCode;

    public DialogWrapperExitAction(String name, int exitCode) {
      super(name);
      myExitCode = exitCode;
    }

    @Override
    protected void doAction(ActionEvent e) {
      if (isEnabled()) close(myExitCode);
    }
  }
}
