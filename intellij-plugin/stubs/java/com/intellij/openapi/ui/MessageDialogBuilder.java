// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/MessageDialogBuilder.kt (Kotlin; the Java view)
// Upstream: 0b008b9943269541bd9483eb781202cf2e2366ef (text (c) 2000-2021, the text the index returns; 252 line NOT read)
// A Kotlin sealed class (abstract here); companion @JvmStatic yesNo is a static method; YesNo has an internal
// constructor (private here). ask(...) shows a modal dialog: EDT only.
package com.intellij.openapi.ui;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.awt.Component;

public abstract class MessageDialogBuilder<T extends MessageDialogBuilder<T>> {
  private MessageDialogBuilder() { }

  public static @NotNull YesNo yesNo(@NotNull String title, @NotNull String message) { throw new UnsupportedOperationException("stub"); }

  public final @NotNull T icon(@Nullable Icon icon) { throw new UnsupportedOperationException("stub"); }

  public final @NotNull T asWarning() { throw new UnsupportedOperationException("stub"); }

  public final @NotNull T yesText(@NotNull String yesText) { throw new UnsupportedOperationException("stub"); }

  public final @NotNull T noText(@NotNull String noText) { throw new UnsupportedOperationException("stub"); }

  public static final class YesNo extends MessageDialogBuilder<YesNo> {
    private YesNo() { }

    public boolean ask(@Nullable Project project) { throw new UnsupportedOperationException("stub"); }

    public boolean ask(@Nullable Component parentComponent) { throw new UnsupportedOperationException("stub"); }
  }
}
