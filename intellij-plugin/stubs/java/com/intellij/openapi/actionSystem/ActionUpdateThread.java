// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionUpdateThread.java
// Upstream: 2cc777ff9ff992acf65e75fa8fa6cfc84dda4e9a (text (c) 2000-2024; 252 line inferred: newest text in the index)
package com.intellij.openapi.actionSystem;

public enum ActionUpdateThread {
  BGT,
  EDT,
  @Deprecated(forRemoval = true)
  OLD_EDT
}
