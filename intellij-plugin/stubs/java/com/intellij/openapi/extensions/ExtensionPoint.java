// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionPoint.java
// Upstream: commit not reported (search index; 252 line inferred; only getExtensionList() mirrored)
// Body: an interface (the model implements it).
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

import java.util.List;

@ApiStatus.NonExtendable
public interface ExtensionPoint<T> {
  @NotNull List<T> getExtensionList();
}
