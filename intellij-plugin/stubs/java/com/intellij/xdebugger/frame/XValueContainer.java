// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueContainer.java
// (text read: copyright 2000-2009 (unchanged)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

public abstract class XValueContainer {
  public void computeChildren(@NotNull XCompositeNode node) { throw new UnsupportedOperationException("stub"); }
}
