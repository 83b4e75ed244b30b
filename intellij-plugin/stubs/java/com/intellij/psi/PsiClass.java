// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/java-psi-api/src/com/intellij/psi/PsiClass.java (plugin com.intellij.java)
// Upstream: commit not reported (index file ids 2933068820 and 136078838: interface PsiClass, @Nullable PsiField findFieldByName(@NonNls String, boolean checkBases); getQualifiedName() @Nullable as its implementations declare it; the many other supertypes and members left out; 252 line inferred)
// Body: an interface (the model's Java PSI implements it).
package com.intellij.psi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PsiClass extends PsiElement {
  @Nullable String getQualifiedName();

  @Nullable PsiField findFieldByName(String name, boolean checkBases);
}
