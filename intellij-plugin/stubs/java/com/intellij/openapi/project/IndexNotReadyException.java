// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/IndexNotReadyException.java
// (text read: copyright 2000-2023). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.project;

public class IndexNotReadyException extends RuntimeException {
  private IndexNotReadyException() { }
}
