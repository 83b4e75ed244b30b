// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/DynamicBundle.java
// Upstream: commit not reported (index file id 12738314718, the newest of 4 texts found (ids 5727417634, 1327064309, 8798651169): public DynamicBundle(Class, String), and DynamicBundle(String) protected and @Obsolete ("prefer delegation to inheritance"); the language-pack lookup (findBundle) left out; 252 line inferred)
// Body: AbstractBundle's (upstream a DynamicBundle also looks in the installed language pack first).
package com.intellij;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

public class DynamicBundle extends AbstractBundle {
  public DynamicBundle(@NotNull Class<?> bundleClass, @NotNull String pathToBundle) {
    super(bundleClass, pathToBundle);
  }

  @ApiStatus.Obsolete
  protected DynamicBundle(@NotNull String pathToBundle) {
    super(pathToBundle);
  }
}
