// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/java-psi-api/src/com/intellij/psi/JavaPsiFacade.java (plugin com.intellij.java)
// Upstream: commit not reported (index file id 8152585082, text (c) 2000-2024: abstract class, static getInstance(project) = project.getService(JavaPsiFacade.class), abstract @Nullable PsiClass findClass(@NonNls @NotNull String, @NotNull GlobalSearchScope); @NonNls left out; 252 line inferred)
// Body: getInstance as a project service (the model registers one that checks the read lock).
package com.intellij.psi;

import com.intellij.openapi.project.Project;
import com.intellij.psi.search.GlobalSearchScope;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class JavaPsiFacade {
  public static JavaPsiFacade getInstance(@NotNull Project project) {
    return project.getService(JavaPsiFacade.class);
  }

  public abstract @Nullable PsiClass findClass(@NotNull String qualifiedName, @NotNull GlobalSearchScope scope);
}
