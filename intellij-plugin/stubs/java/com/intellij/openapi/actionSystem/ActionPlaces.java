// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/actionSystem/ActionPlaces.java
// Upstream: commit not reported (index file id 3610073761, text (c) 2000-2025; 252 line inferred)
// TOOLWINDOW_TOOLBAR_BAR ("ToolwindowToolbar") exists but names the stripe of tool-window buttons, not a toolbar
// inside a tool window; a toolbar in the tool window's content uses TOOLWINDOW_CONTENT. Places are free-form
// strings used for statistics and logging (class javadoc), so the choice changes no behaviour.
package com.intellij.openapi.actionSystem;

public abstract class ActionPlaces {
  public static final String TOOLBAR = "toolbar";
  public static final String TOOLWINDOW_TITLE = "ToolwindowTitle";
  public static final String TOOLWINDOW_CONTENT = "ToolwindowContent";
  public static final String TOOLWINDOW_TOOLBAR_BAR = "ToolwindowToolbar";
}
