// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/ui/src/com/intellij/icons/AllIcons.java (generated)
// Upstream: 1eb787f0b4d3e44d66a14e78a42c446f5e6421cb (text (c) 2000-2024; 252 line inferred)
// Only the icons the tool window uses. Install is the platform's "install" glyph (Actions.Install).
// Bodies: upstream loads each SVG through IconManager; here each field is a real, blank Icon of the glyph's size
// (16 px; 32 px for General.WarningDialog) that names its path, so panels can lay them out and tests can tell them apart.
package com.intellij.icons;

import org.jetbrains.annotations.NotNull;

import javax.swing.Icon;
import java.awt.Component;
import java.awt.Graphics;

public class AllIcons {
  private static @NotNull Icon load(@NotNull String path, int size) {
    return new Icon() {
      @Override
      public void paintIcon(Component c, Graphics g, int x, int y) { }

      @Override
      public int getIconWidth() { return size; }

      @Override
      public int getIconHeight() { return size; }

      @Override
      public String toString() { return path; }
    };
  }

  public static final class Actions {
    public static final @NotNull Icon Copy = load("actions/copy.svg", 16);
    public static final @NotNull Icon GC = load("actions/gc.svg", 16);
    public static final @NotNull Icon Install = load("actions/install.svg", 16);
    public static final @NotNull Icon Refresh = load("actions/refresh.svg", 16);
    public static final @NotNull Icon Restart = load("actions/restart.svg", 16);
  }

  public static final class General {
    public static final @NotNull Icon Information = load("general/information.svg", 16);
    /** 32x32; read at 01f143804cdda03fc5b825d7dcfa3d4b6bd9ae1e (2026 text), present in the 2024 text too. */
    public static final @NotNull Icon WarningDialog = load("general/warningDialog.svg", 32);
  }

  public static final class ToolbarDecorator {
    public static final @NotNull Icon Export = load("toolbarDecorator/export.svg", 16);
  }
}
