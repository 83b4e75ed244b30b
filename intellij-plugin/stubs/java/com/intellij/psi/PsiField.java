// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/java-psi-api/src/com/intellij/psi/PsiField.java (plugin com.intellij.java)
// Upstream: commit not reported (index file id 8565235371, text (c) 2000-2017, the newest of 6 texts found (1133362469, 429504787 alike): extends PsiMember, PsiVariable, PsiDocCommentOwner, JvmField and declares neither member used; getContainingClass() is PsiMember's @Nullable (id 8048782828, (c) 2000-2018), getName() comes from PsiVariable (id 1705403839, (c) 2000-2017; its getName annotation not seen in the excerpt read); 252 line inferred)
// Body: an interface (the model's Java PSI implements it).
package com.intellij.psi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PsiField extends PsiElement {
  @Nullable PsiClass getContainingClass();

  @NotNull String getName();
}
