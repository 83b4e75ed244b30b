// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/java-psi-api/src/com/intellij/psi/PsiField.java (plugin com.intellij.java)
// Upstream: NOT read (PsiField extends PsiMember and others; getContainingClass() is PsiMember's @Nullable getter and getName() PsiField's @NotNull override, as JavaFieldBreakpointType uses them; 252 line NOT read)
// Body: an interface (the model's Java PSI implements it).
package com.intellij.psi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PsiField extends PsiElement {
  @Nullable PsiClass getContainingClass();

  @NotNull String getName();
}
