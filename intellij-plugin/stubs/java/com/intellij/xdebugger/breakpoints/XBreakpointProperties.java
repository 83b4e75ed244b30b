// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpointProperties.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.breakpoints;

/** The real class implements PersistentStateComponent&lt;T&gt;; no member of it is used here. */
public abstract class XBreakpointProperties<T> {
}
