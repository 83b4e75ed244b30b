// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/RoamingType.java
// Upstream: commit not reported (index file id 6183610394: the text with LOCAL and canBeMigrated(), newest of the 3 seen; 252 line inferred)
// An application-level light (@Service) PersistentStateComponent must use DISABLED (SDK docs, Services).
package com.intellij.openapi.components;

public enum RoamingType {
  DISABLED,
  LOCAL,
  PER_OS,
  DEFAULT
}
