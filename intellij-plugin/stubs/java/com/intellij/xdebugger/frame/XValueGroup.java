// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueGroup.java
// Upstream: 22c2a69d3e3d482212622788e88fd68eba208708 (text (c) 2000-2013; 252 line NOT read: no newer text in the index; the name is stored, as upstream)
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

public abstract class XValueGroup extends XValueContainer {
  private final String myName;

  protected XValueGroup(@NotNull String name) {
    myName = name;
  }

  public @NotNull String getName() {
    return myName;
  }
}
