// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValuePlace.kt (a Kotlin enum class; same constants)
// Upstream: 9b9ff165706956ffc3ed1f123b47b2ad43adc22b (text (c) 2000-2025, a @Serializable Kotlin enum TREE, TOOLTIP; 252 line inferred)
package com.intellij.xdebugger.frame;

public enum XValuePlace {
  TREE, TOOLTIP
}
