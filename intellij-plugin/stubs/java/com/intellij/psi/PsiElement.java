// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiElement.java
// Upstream: 3759705cc157db3602a8b33aab0117a8bbe747c2 (listed; the three members read in 2024-2025 implementations that override them: @NotNull getProject(), unannotated getContainingFile(), isValid(); both getters also declare the unchecked PsiInvalidElementAccessException, left out here; 252 line inferred)
// Body: an interface (the model's PSI files implement it).
package com.intellij.psi;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public interface PsiElement {
  @NotNull Project getProject();

  PsiFile getContainingFile();

  boolean isValid();
}
