// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/XDebuggerBundle.java
// Upstream: 30c72646dc05eb297303380e1726981c83c37f07 (text (c) 2000-2013, the only upstream text in the index: non-final, message() unannotated; 252 line NOT read: the stub keeps the DynamicBundle-era form, final with @NotNull message(), as quoted from 252-era source in a third-party copy, index file id 37267569817; message(): the English text of the keys read here (xdebugger.building.tree.node.message, xdebugger.evaluating.expression.node.message; invalid.frame NOT read), "!key!" otherwise as AbstractBundle)
package com.intellij.xdebugger;

import org.jetbrains.annotations.NotNull;

import java.util.Map;

public final class XDebuggerBundle {
  private XDebuggerBundle() { }

  /**
   * The English texts of messages/XDebuggerBundle.properties for the keys the model and the plugin read;
   * any other key reads as AbstractBundle shows a missing one, "!key!".
   */
  public static @NotNull String message(@NotNull String key, @NotNull Object... params) {
    String text = TEXTS.get(key);
    return text != null ? text : "!" + key + "!";
  }

  private static final Map<String, String> TEXTS = Map.of(
    "xdebugger.building.tree.node.message", "Collecting data\u2026",
    "xdebugger.evaluating.expression.node.message", "Evaluating\u2026",
    "invalid.frame", "<invalid frame>"
  );
}
