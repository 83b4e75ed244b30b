// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/DynamicBundle.java
// Upstream: 252 line NOT read; the constructor is the one the Plugin Template's MyBundle uses (DynamicBundle(BUNDLE), JetBrains/intellij-platform-plugin-template 7002f57, for IntelliJ IDEA 2025.2.6)
// Body: AbstractBundle's (upstream a DynamicBundle also looks in the installed language pack first).
package com.intellij;

import org.jetbrains.annotations.NotNull;

public class DynamicBundle extends AbstractBundle {
  protected DynamicBundle(@NotNull String pathToBundle) {
    super(pathToBundle);
  }
}
