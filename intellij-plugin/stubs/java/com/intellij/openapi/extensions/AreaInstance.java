// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/AreaInstance.java
// Upstream: commit not reported (index file ids 10927056814 and 10880472510, (c) 2000-2019 and newer: getExtensionArea() is @NotNull and @ApiStatus.Internal, now marked so; 252 line inferred)
// Body: an interface (the model's application implements it).
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

public interface AreaInstance {
  @ApiStatus.Internal
  @NotNull ExtensionsArea getExtensionArea();
}
