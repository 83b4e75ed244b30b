// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/ui/src/com/intellij/icons/AllIcons.java (generated)
// Upstream: 1eb787f0b4d3e44d66a14e78a42c446f5e6421cb (text (c) 2000-2024; 252 line inferred)
// Only the icons the tool window uses. Install is the platform's "install" glyph (Actions.Install).
package com.intellij.icons;

import org.jetbrains.annotations.NotNull;

import javax.swing.Icon;

public class AllIcons {
  private static Icon stub() { throw new UnsupportedOperationException("stub"); }

  public static final class Actions {
    public static final @NotNull Icon Copy = stub();
    public static final @NotNull Icon GC = stub();
    public static final @NotNull Icon Install = stub();
    public static final @NotNull Icon Refresh = stub();
    public static final @NotNull Icon Restart = stub();
  }

  public static final class General {
    public static final @NotNull Icon Information = stub();
    /** 32x32; read at 01f143804cdda03fc5b825d7dcfa3d4b6bd9ae1e (2026 text), present in the 2024 text too. */
    public static final @NotNull Icon WarningDialog = stub();
  }

  public static final class ToolbarDecorator {
    public static final @NotNull Icon Export = stub();
  }
}
