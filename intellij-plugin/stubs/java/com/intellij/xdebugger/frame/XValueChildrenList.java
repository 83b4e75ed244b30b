// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueChildrenList.java
// Upstream: 194d67b6d9ec060302145d023f84e0c229b0aa19 (text (c) 2000-2013, the newest intellij text in the index; 252 line NOT read; the five members used are plain getters unchanged in every text seen)
package com.intellij.xdebugger.frame;

import java.util.List;

public class XValueChildrenList {
  public int size() { throw new UnsupportedOperationException("stub"); }

  public String getName(int i) { throw new UnsupportedOperationException("stub"); }

  public XValue getValue(int i) { throw new UnsupportedOperationException("stub"); }

  public List<XValueGroup> getTopGroups() { throw new UnsupportedOperationException("stub"); }

  public List<XValueGroup> getBottomGroups() { throw new UnsupportedOperationException("stub"); }
}
