// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionPointName.kt (Kotlin; the Java view)
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.NotNull;

import java.util.List;

public final class ExtensionPointName<T> {
  public ExtensionPointName(@NotNull String name) { }

  public @NotNull List<T> getExtensionList() { throw new UnsupportedOperationException("stub"); }
}
