// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/components/ComponentManager.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.components;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

public interface ComponentManager extends Disposable {
  <T> T getService(@NotNull Class<T> serviceClass);

  boolean isDisposed();
}
