// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/application/PathManager.java
// Upstream: commit not reported (index file id 1229821292, the newer of 2 texts found: getSystemDir() documented as "always use a subdirectory named after the plugin"; 252 line inferred)
// Body: the model's system directory is -Didea.system.path (as upstream's explicit path), else a folder under java.io.tmpdir.
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

import java.nio.file.Path;
import java.nio.file.Paths;

public final class PathManager {
  private PathManager() { }

  public static @NotNull Path getSystemDir() {
    return Paths.get(getSystemPath());
  }

  public static @NotNull String getSystemPath() {
    String explicit = System.getProperty("idea.system.path");
    return explicit != null ? explicit : Paths.get(System.getProperty("java.io.tmpdir"), "model-idea-system").toString();
  }
}
