// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueChildrenList.java
// (text read: copyright 2000-2013 (size/getName/getValue/getTopGroups/getBottomGroups unchanged; H uses the first three against 2025.2.6)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

import java.util.List;

public class XValueChildrenList {
  public int size() { throw new UnsupportedOperationException("stub"); }

  public String getName(int i) { throw new UnsupportedOperationException("stub"); }

  public XValue getValue(int i) { throw new UnsupportedOperationException("stub"); }

  public List<XValueGroup> getTopGroups() { throw new UnsupportedOperationException("stub"); }

  public List<XValueGroup> getBottomGroups() { throw new UnsupportedOperationException("stub"); }
}
