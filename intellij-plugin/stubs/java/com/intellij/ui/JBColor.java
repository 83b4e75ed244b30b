// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/ui/src/com/intellij/ui/JBColor.java
// Upstream: 026915342927f0aa3ebcf478bd2760f82dd23246 (text (c) 2000-2024; 252 line inferred: the text the index returns)
// The real class also implements PresentableColor and ComparableColor (not mirrored).
// Bodies follow the getColor()/setDark/isBright texts (index file ids 3217202851, 5448855028): one static theme flag
// (false, the light theme, until setDark), and every component read resolves the colour of the current theme, so a
// theme switch recolours existing JBColors. Named and function-backed colours are not modelled.
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;

import java.awt.Color;

public class JBColor extends Color {
  private static volatile boolean DARK;

  private final Color darkColor;

  public JBColor(int rgb, int darkRGB) { this(new Color(rgb), new Color(darkRGB)); }

  public JBColor(@NotNull Color regular, @NotNull Color dark) {
    super(regular.getRGB(), regular.getAlpha() != 255);
    darkColor = dark;
  }

  public static void setDark(boolean dark) { DARK = dark; }

  public static boolean isBright() { return !DARK; }

  @NotNull
  Color getColor() { return DARK ? darkColor : this; }

  @Override
  public int getRed() {
    Color c = getColor();
    return c == this ? super.getRed() : c.getRed();
  }

  @Override
  public int getGreen() {
    Color c = getColor();
    return c == this ? super.getGreen() : c.getGreen();
  }

  @Override
  public int getBlue() {
    Color c = getColor();
    return c == this ? super.getBlue() : c.getBlue();
  }

  @Override
  public int getAlpha() {
    Color c = getColor();
    return c == this ? super.getAlpha() : c.getAlpha();
  }

  @Override
  public int getRGB() {
    Color c = getColor();
    return c == this ? super.getRGB() : c.getRGB();
  }
}
