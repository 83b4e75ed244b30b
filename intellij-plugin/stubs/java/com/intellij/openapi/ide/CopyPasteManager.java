// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ide/CopyPasteManager.java
// Upstream: commit not reported (index file id 3712850349, text (c) 2000-2023, newest of 5 texts found; 252 line inferred)
// @ApiStatus.NonExtendable: use, never subclass. copyTextToClipboard is the one-call form for plain text.
// getInstance() is the application service (that text); the model implements it (platformmodel.ui).
package com.intellij.openapi.ide;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.datatransfer.StringSelection;
import java.awt.datatransfer.Transferable;

@ApiStatus.NonExtendable
public abstract class CopyPasteManager {
  public static CopyPasteManager getInstance() { return ApplicationManager.getApplication().getService(CopyPasteManager.class); }

  @ApiStatus.Internal
  protected CopyPasteManager() { }

  public abstract void setContents(@NotNull Transferable content);

  public abstract @Nullable Transferable getContents();

  public static void copyTextToClipboard(@NotNull String text) { getInstance().setContents(new StringSelection(text)); }
}
