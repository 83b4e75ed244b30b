// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/ExtensionPointName.kt (Kotlin; the Java view)
// Upstream: 970b3feaf0020172582ffc9152613b5036304574 (Kotlin text (c) 2000-2025: final class ExtensionPointName<T : Any>(name: String), val extensionList: List<T>; 252 line inferred)
// Body: as upstream: the extension point of that name in the application's extension area.
package com.intellij.openapi.extensions;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.NotNull;

import java.util.List;

public final class ExtensionPointName<T> {
  private final String myName;

  public ExtensionPointName(@NotNull String name) { myName = name; }

  public @NotNull String getName() { return myName; }

  public @NotNull List<T> getExtensionList() {
    return ApplicationManager.getApplication().getExtensionArea().<T>getExtensionPoint(myName).getExtensionList();
  }
}
