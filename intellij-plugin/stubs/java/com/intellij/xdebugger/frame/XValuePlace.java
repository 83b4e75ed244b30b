// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValuePlace.kt (a Kotlin enum class; same constants)
// (text read: copyright 2000-2025). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

public enum XValuePlace {
  TREE, TOOLTIP
}
