// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiManager.java
// Upstream: 08d2cdb72fd231cf42739e4f3468cfbd50221dcc (text (c) 2000-2025: abstract class PsiManager extends UserDataHolderBase (left out), static getInstance(project) = project.getService(PsiManager.class), @RequiresReadLock @RequiresBackgroundThread(generateAssertion = false) abstract @Nullable PsiFile findFile(@NotNull VirtualFile); 252 line inferred)
// Body: getInstance as upstream: a project service (the model registers one that checks the read lock).
package com.intellij.psi;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class PsiManager {
  public static @NotNull PsiManager getInstance(@NotNull Project project) {
    return project.getService(PsiManager.class);
  }

  public abstract @NotNull Project getProject();

  public abstract @Nullable PsiFile findFile(@NotNull VirtualFile file);
}
