// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/DumbAware.java
// Upstream: 0219be6ae4c5c050bef75ffa5566ac9c2a21e345 (text (c) 2000-2014, the only text read; a marker interface unchanged since, 252 line inferred)
package com.intellij.openapi.project;

public interface DumbAware {
}
