// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ide/CopyPasteManager.java
// Upstream: commit not reported (index file id 3712850349, text (c) 2000-2023, newest of 5 texts found; 252 line inferred)
// @ApiStatus.NonExtendable: use, never subclass. copyTextToClipboard is the one-call form for plain text.
package com.intellij.openapi.ide;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

import java.awt.datatransfer.Transferable;

@ApiStatus.NonExtendable
public abstract class CopyPasteManager {
  public static CopyPasteManager getInstance() { throw new UnsupportedOperationException("stub"); }

  @ApiStatus.Internal
  protected CopyPasteManager() { }

  public abstract void setContents(@NotNull Transferable content);

  public static void copyTextToClipboard(@NotNull String text) { throw new UnsupportedOperationException("stub"); }
}
