// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionsArea.java
// Upstream: commit not reported (index file id 49036939877, text (c) 2000-2023: @ApiStatus.Internal on the interface, getExtensionPoint(@NonNls @NotNull String) @NotNull; the (c) 2000-2022 text, id 7391985975, has no Internal marker; 252 line inferred from the newer; only getExtensionPoint(String) mirrored, the plugin does not name it)
// Body: an interface (the model implements it).
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

@ApiStatus.NonExtendable
public interface ExtensionsArea {
  @NotNull <T> ExtensionPoint<T> getExtensionPoint(@NotNull String extensionPointName);
}
