// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/lang-api/src/com/intellij/execution/Location.java
// Upstream: 051f2edb2cce91e58392e3c279c5e48ae4806407 (text (c) 2000-2009: abstract class Location<E extends PsiElement>, @NotNull abstract E getPsiElement(), @NotNull abstract Project getProject(); newer texts add the abstract getModule() (PsiLocation (c) 2000-2024 overrides it), left out with getAncestors: the model has no modules; 252 line inferred)
// Body: an abstract class (PsiLocation is the one implementation the plugin makes).
package com.intellij.execution;

import com.intellij.openapi.project.Project;
import com.intellij.psi.PsiElement;
import org.jetbrains.annotations.NotNull;

public abstract class Location<E extends PsiElement> {
  public abstract @NotNull E getPsiElement();

  public abstract @NotNull Project getProject();
}
