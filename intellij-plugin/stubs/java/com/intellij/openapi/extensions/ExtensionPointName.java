// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionPointName.kt (Kotlin; the Java view)
// Upstream: 970b3feaf0020172582ffc9152613b5036304574 (Kotlin text (c) 2000-2025: final class ExtensionPointName<T : Any>(name: String), val extensionList: List<T>; 252 line inferred)
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.NotNull;

import java.util.List;

public final class ExtensionPointName<T> {
  public ExtensionPointName(@NotNull String name) { }

  public @NotNull List<T> getExtensionList() { throw new UnsupportedOperationException("stub"); }
}
