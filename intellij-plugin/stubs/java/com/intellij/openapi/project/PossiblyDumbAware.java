// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/PossiblyDumbAware.java
// Upstream: 2b47183e9d66dea00141647bec76cffe1117690e (text (c) 2000-2024; 252 line inferred: newest text in the index)
// Body: as upstream (DumbService.isDumbAware(this)): dumb-aware when it implements DumbAware.
package com.intellij.openapi.project;

public interface PossiblyDumbAware {
  default boolean isDumbAware() { return this instanceof DumbAware; }
}
