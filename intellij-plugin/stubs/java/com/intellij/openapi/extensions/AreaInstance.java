// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/AreaInstance.java
// Upstream: commit not reported (read through the search index, 2025.2 line inferred: 'ExtensionsArea getExtensionArea()' is its one abstract member)
// Body: an interface (the model's application implements it).
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.NotNull;

public interface AreaInstance {
  @NotNull ExtensionsArea getExtensionArea();
}
