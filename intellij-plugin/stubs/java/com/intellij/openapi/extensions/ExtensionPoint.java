// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionPoint.java
// Upstream: commit not reported (index file id 7306784906, text (c) 2000-2022: interface ExtensionPoint<T extends @NotNull Object> with no class-level ApiStatus marker (the stub's NonExtendable is not in that text; kept: the plugin does not implement it); getExtensionList() not in the excerpt read; 252 line inferred)
// Body: an interface (the model implements it).
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

import java.util.List;

@ApiStatus.NonExtendable
public interface ExtensionPoint<T> {
  @NotNull List<T> getExtensionList();
}
