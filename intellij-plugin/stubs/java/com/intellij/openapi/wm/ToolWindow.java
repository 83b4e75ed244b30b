// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/wm/ToolWindow.java
// Upstream: commit not reported (index file id 2515850879, text (c) 2000-2022; the newest of the three texts found, 252 line inferred)
// The real interface extends BusyObject and has ~45 members; only these are mirrored. Implemented by the platform only.
package com.intellij.openapi.wm;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.ui.content.ContentManager;
import org.jetbrains.annotations.NotNull;

import java.util.List;

public interface ToolWindow {
  @NotNull String getId();

  boolean isVisible();

  @NotNull ContentManager getContentManager();

  @NotNull Disposable getDisposable();

  void setTitleActions(@NotNull List<? extends AnAction> actions);
}
