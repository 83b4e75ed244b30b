// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/Configurable.java
// Upstream: 2a215a8c941fa96601407560d420270baaf28a61 (text (c) 2000-2024 with Configurable.NewOptions; 252 line inferred: newest text in the index)
// getDisplayNameFast() is @ApiStatus.Internal and not mirrored; nested marker interfaces are left out.
package com.intellij.openapi.options;

import org.jetbrains.annotations.Nullable;

public interface Configurable extends UnnamedConfigurable {
  String getDisplayName();

  default @Nullable String getHelpTopic() { return null; }
}
