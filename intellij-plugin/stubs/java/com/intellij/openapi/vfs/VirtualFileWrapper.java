// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/vfs/VirtualFileWrapper.java
// Upstream: 03980ad0dccbd9a9140c4dc2415985c469f99ae7 (text (c) 2000-2009, the only text in the index; 252 line NOT read)
// getVirtualFile() refreshes the VFS (not for the EDT under a read action); the plugin needs the java.io.File only.
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;

import java.io.File;

public class VirtualFileWrapper {
  private final @NotNull File myFile;

  public VirtualFileWrapper(@NotNull File file) { myFile = file; }

  public @NotNull File getFile() { return myFile; }
}
