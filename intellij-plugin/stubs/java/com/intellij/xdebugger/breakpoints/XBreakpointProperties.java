// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpointProperties.java
// Upstream: 33ab10626a751024d7660543f3fdb66442971362 (text (c) 2000-2009, the class is unchanged in both stored versions; 252 line inferred; now implements PersistentStateComponent<T> as upstream)
package com.intellij.xdebugger.breakpoints;

import com.intellij.openapi.components.PersistentStateComponent;

public abstract class XBreakpointProperties<T> implements PersistentStateComponent<T> {
}
