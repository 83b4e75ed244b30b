// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/lang-api/src/com/intellij/execution/PsiLocation.java
// Upstream: commit not reported (index file id 8213098987, text (c) 2000-2024: class PsiLocation<E extends PsiElement> extends Location<E>, public PsiLocation(E psiElement) = this(psiElement.getProject(), psiElement); earlier record: 03980ad0dccbd9a9140c4dc2415985c469f99ae7; 252 line inferred)
// Body: as upstream for the element and its project; the module upstream finds (ModuleUtilCore.findModuleForPsiElement) is left out, as the model has no modules.
package com.intellij.execution;

import com.intellij.openapi.project.Project;
import com.intellij.psi.PsiElement;
import org.jetbrains.annotations.NotNull;

public class PsiLocation<E extends PsiElement> extends Location<E> {
  private final E myPsiElement;
  private final Project myProject;

  public PsiLocation(E psiElement) {
    myPsiElement = psiElement;
    myProject = psiElement.getProject();
  }

  @Override
  public @NotNull E getPsiElement() { return myPsiElement; }

  @Override
  public @NotNull Project getProject() { return myProject; }
}
