// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/debugger/openapi/src/org/jetbrains/java/debugger/breakpoints/properties/JavaBreakpointProperties.java (plugin com.intellij.java)
// Upstream: commit not reported (index file id 589872970, text (c) 2000-2017, the newest of 3 texts found; 252 line NOT read (no newer text in the index); getState/loadState added since XBreakpointProperties now implements PersistentStateComponent)
package org.jetbrains.java.debugger.breakpoints.properties;

import com.intellij.xdebugger.breakpoints.XBreakpointProperties;
import org.jetbrains.annotations.Nullable;

public class JavaBreakpointProperties<T extends JavaBreakpointProperties> extends XBreakpointProperties<T> {
  @Override
  @SuppressWarnings("unchecked")
  public @Nullable T getState() {
    return (T)this;
  }

  @Override
  public void loadState(T state) {
  }
}
