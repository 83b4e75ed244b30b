// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueContainer.java
// Upstream: 0a8588f5e9db729b3d5354aac71a0a6b605d61fb (text (c) 2000-2009, the newest of 4 texts found; 252 line inferred; body: the upstream default (no children, last))
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

public abstract class XValueContainer {
  /** Upstream default: no children. */
  public void computeChildren(@NotNull XCompositeNode node) {
    node.addChildren(XValueChildrenList.EMPTY, true);
  }
}
