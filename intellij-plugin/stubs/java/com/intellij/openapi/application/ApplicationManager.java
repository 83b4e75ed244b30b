// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationManager.java
// Upstream: d520a94846640256212e9ca938cafa58e5c00627 (text (c) 2000-2017; 252 line inferred: getApplication() is unannotated there)
package com.intellij.openapi.application;

public class ApplicationManager {
  public static Application getApplication() { throw new UnsupportedOperationException("stub"); }
}
