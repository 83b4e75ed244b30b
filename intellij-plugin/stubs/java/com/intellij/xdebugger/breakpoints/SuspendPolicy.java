// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/SuspendPolicy.kt (a Kotlin enum class; same constants)
// Upstream: 0d756ce25492936f431ce64650c9fff6046a34f0 (text (c) 2000-2025, a @Serializable Kotlin enum ALL, THREAD, NONE; 252 line inferred)
package com.intellij.xdebugger.breakpoints;

public enum SuspendPolicy {
  ALL, THREAD, NONE
}
