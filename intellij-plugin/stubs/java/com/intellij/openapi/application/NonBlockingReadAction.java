// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/NonBlockingReadAction.java
// Upstream: commit not reported (index file id 10905624795, text (c) 2000-2019; 252 line inferred: executeSynchronously() declares the unchecked ProcessCanceledException only)
package com.intellij.openapi.application;

public interface NonBlockingReadAction<T> {
  /** Runs the computation on the current (background) thread in a non-blocking read action. */
  T executeSynchronously();
}
