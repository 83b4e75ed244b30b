// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueGroup.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

public abstract class XValueGroup extends XValueContainer {
  protected XValueGroup(@NotNull String name) { }

  public @NotNull String getName() { throw new UnsupportedOperationException("stub"); }
}
