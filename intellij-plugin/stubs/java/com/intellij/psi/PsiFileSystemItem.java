// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiFileSystemItem.java
// Upstream: 03980ad0dccbd9a9140c4dc2415985c469f99ae7 (listed; getVirtualFile() as PsiFile (c) 2000-2015 overrides it, unannotated; upstream also extends PsiCheckedRenameElement and NavigatablePsiElement, left out; 252 line inferred)
// Body: an interface (the model's PSI files implement it).
package com.intellij.psi;

import com.intellij.openapi.vfs.VirtualFile;

public interface PsiFileSystemItem extends PsiElement {
  VirtualFile getVirtualFile();
}
