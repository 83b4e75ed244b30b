// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/evaluation/EvaluationMode.kt (a Kotlin enum class; same constants)
// Upstream: 66b5166de819dd9fc7420462ae27210061a2783e (text (c) 2000-2025, a @Serializable Kotlin enum EXPRESSION, CODE_FRAGMENT; 252 line inferred)
package com.intellij.xdebugger.evaluation;

public enum EvaluationMode {
  EXPRESSION, CODE_FRAGMENT
}
