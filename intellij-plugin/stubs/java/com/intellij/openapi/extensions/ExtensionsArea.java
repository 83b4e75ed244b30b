// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionsArea.java
// Upstream: commit not reported (search index; 252 line inferred; only getExtensionPoint(String) mirrored)
// Body: an interface (the model implements it).
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

@ApiStatus.NonExtendable
public interface ExtensionsArea {
  @NotNull <T> ExtensionPoint<T> getExtensionPoint(@NotNull String extensionPointName);
}
