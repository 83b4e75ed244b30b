// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/NonBlockingReadAction.java
// (text read: copyright 2000-2019 (newest text in the index; method unchanged in 2025.2)). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.application;

public interface NonBlockingReadAction<T> {
  /** Runs the computation on the current (background) thread in a non-blocking read action. */
  T executeSynchronously();
}
