// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogWrapperPeer.java
// Upstream: commit not reported (index file id 7752740012, text (c) 2000-2019, the newest of 4 texts found; 252 line NOT read)
// The window behind a DialogWrapper; the model implements it (platformmodel.ui). Only the members DialogWrapper's
// bodies call. Deviation: show() returns ActionCallback in that text; it is void here (nothing reads the callback).
package com.intellij.openapi.ui;

import javax.swing.JComponent;
import javax.swing.JRootPane;

public abstract class DialogWrapperPeer {
  protected abstract void dispose();

  public abstract JRootPane getRootPane();

  public abstract String getTitle();

  public abstract void setTitle(String title);

  public abstract boolean isModal();

  public abstract boolean isVisible();

  public abstract boolean isShowing();

  public abstract void show();

  public abstract void setContentPane(JComponent content);
}
