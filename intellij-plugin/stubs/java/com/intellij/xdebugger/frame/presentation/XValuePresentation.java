// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/presentation/XValuePresentation.java
// Upstream: dd86dee490c0b5dd292d2502e47db14786189e75 (text (c) 2000-2013, the newest intellij text in the index; 252 line NOT read: XValueTextRenderer's nine abstract members are those of that text; getType(): the upstream default (null))
package com.intellij.xdebugger.frame.presentation;

import com.intellij.openapi.editor.colors.TextAttributesKey;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class XValuePresentation {
  public abstract void renderValue(@NotNull XValueTextRenderer renderer);

  public @Nullable String getType() {
    return null;
  }

  /** Implemented by this plugin (a collecting renderer), so every abstract member is mirrored. */
  public interface XValueTextRenderer {
    void renderValue(@NotNull String value);

    void renderStringValue(@NotNull String value);

    void renderNumericValue(@NotNull String value);

    void renderKeywordValue(@NotNull String value);

    void renderValue(@NotNull String value, @NotNull TextAttributesKey key);

    void renderStringValue(@NotNull String value, @Nullable String additionalSpecialCharsToHighlight, int maxLength);

    void renderComment(@NotNull String comment);

    void renderSpecialSymbol(@NotNull String symbol);

    void renderError(@NotNull String error);
  }
}
