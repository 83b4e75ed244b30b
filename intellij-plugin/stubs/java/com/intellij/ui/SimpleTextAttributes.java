// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-ui/src/com/intellij/ui/SimpleTextAttributes.java
// Upstream: 377c4f25da9e3e4497c08ceb4d84412a61b70b8b (stored at platform/platform-api/src/com/intellij/ui/SimpleTextAttributes.java, the older location; newest text found: index file id 6789753379, 'public final class SimpleTextAttributes'; 252 line inferred; the style constants and the shared REGULAR/GRAY/GRAYED/ERROR attributes as upstream, colours left out)
package com.intellij.ui;

/** Upstream also carries colours, wave and effect styles; the model draws text only, so only the style is kept. */
public final class SimpleTextAttributes {
  public static final int STYLE_PLAIN = 0;
  public static final int STYLE_BOLD = 1;
  public static final int STYLE_ITALIC = 2;

  public static final SimpleTextAttributes REGULAR_ATTRIBUTES = new SimpleTextAttributes(STYLE_PLAIN);
  public static final SimpleTextAttributes GRAY_ATTRIBUTES = new SimpleTextAttributes(STYLE_PLAIN);
  public static final SimpleTextAttributes GRAYED_ATTRIBUTES = new SimpleTextAttributes(STYLE_PLAIN);
  public static final SimpleTextAttributes ERROR_ATTRIBUTES = new SimpleTextAttributes(STYLE_PLAIN);

  private final int myStyle;

  private SimpleTextAttributes(int style) {
    myStyle = style;
  }

  public int getStyle() {
    return myStyle;
  }
}
