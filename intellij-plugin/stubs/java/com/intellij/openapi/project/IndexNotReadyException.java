// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/IndexNotReadyException.java
// Upstream: 38ed16b7b01a37d8babe8aeb89a1a247cbcb1aca (text (c) 2000-2013; 252 line inferred: the constructor is private there too; used only in catch clauses)
package com.intellij.openapi.project;

public class IndexNotReadyException extends RuntimeException {
  private IndexNotReadyException() { }
}
