// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/ui/src/com/intellij/ui/JBColor.java
// Upstream: 026915342927f0aa3ebcf478bd2760f82dd23246 (text (c) 2000-2024; 252 line inferred: the text the index returns)
// The real class also implements PresentableColor and ComparableColor (not mirrored).
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;

import java.awt.Color;

public class JBColor extends Color {
  public JBColor(int rgb, int darkRGB) { super(rgb); }

  public JBColor(@NotNull Color regular, @NotNull Color dark) { super(regular.getRGB()); }

  public static boolean isBright() { throw new UnsupportedOperationException("stub"); }
}
