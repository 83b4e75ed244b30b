// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiFile.java
// Upstream: 3759705cc157db3602a8b33aab0117a8bbe747c2 (text (c) 2000-2015: interface PsiFile extends PsiFileSystemItem, @Override VirtualFile getVirtualFile() (null when the file exists only in memory), @NotNull FileType getFileType(); 252 line inferred)
// Body: an interface (the model's PSI files implement it).
package com.intellij.psi;

import com.intellij.openapi.fileTypes.FileType;
import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;

public interface PsiFile extends PsiFileSystemItem {
  @Override
  VirtualFile getVirtualFile();

  @NotNull FileType getFileType();
}
