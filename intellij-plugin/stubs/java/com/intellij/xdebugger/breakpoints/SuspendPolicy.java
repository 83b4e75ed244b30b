// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/SuspendPolicy.kt (a Kotlin enum class; same constants)
// (text read: copyright 2000-2025). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.breakpoints;

public enum SuspendPolicy {
  ALL, THREAD, NONE
}
