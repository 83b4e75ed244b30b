// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/fileTypes/FileType.java
// Upstream: commit not reported (index file id 2626573577, text (c) 2000-2020, the newest of 3 texts found; 252 line inferred)
package com.intellij.openapi.fileTypes;

import org.jetbrains.annotations.NotNull;

public interface FileType {
  @NotNull String getName();
}
