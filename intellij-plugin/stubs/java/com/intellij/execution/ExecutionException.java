// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-util-io/src/com/intellij/execution/ExecutionException.java
// Upstream: 1e51e91f3a31729149d31672e78d812c2f9a1957 (text (c) 2000-2021, the only stored version at this path; 252 line inferred; the (String) constructor is unannotated apart from @NlsContexts)
package com.intellij.execution;

public class ExecutionException extends Exception {
  public ExecutionException(String message) { super(message); }
}
