// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/ConfigurableWithId.java
// Upstream: 8f773a462a7154c6bd2edccedd8cc1a62f7ce078 (text (c) 2000-2021; 252 line inferred: newest text in the index)
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;

public interface ConfigurableWithId extends Configurable {
  @NotNull String getId();
}
