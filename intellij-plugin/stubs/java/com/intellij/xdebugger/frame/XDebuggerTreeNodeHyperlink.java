// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XDebuggerTreeNodeHyperlink.java
// Upstream: e4c2b92ef449a7702bda463959038380157f7116 (text (c) 2000-2017; 252 line inferred; constructor parameter is @NotNull: fixed; abstract onClick(MouseEvent) not mirrored, the plugin never subclasses it)
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

/** Only a parameter type of XCompositeNode here. */
public abstract class XDebuggerTreeNodeHyperlink {
  protected XDebuggerTreeNodeHyperlink(@NotNull String linkText) { }
}
