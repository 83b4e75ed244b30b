// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/psi/search/GlobalSearchScope.java
// Upstream: commit not reported (index file id 3693831862, the newest of 7 texts found: @Contract(pure = true) public static @NotNull GlobalSearchScope allScope(@NotNull Project) = ProjectScope.getAllScope(project); the abstract members left out; 252 line inferred)
// Body: allScope is a scope of the project (upstream asks ProjectScope; the model's JavaPsiFacade searches the project's sources).
package com.intellij.psi.search;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public abstract class GlobalSearchScope {
  protected GlobalSearchScope() {
  }

  public static @NotNull GlobalSearchScope allScope(@NotNull Project project) {
    return new GlobalSearchScope() {};
  }
}
