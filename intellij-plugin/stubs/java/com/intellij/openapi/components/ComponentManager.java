// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/components/ComponentManager.java
// Upstream: commit not reported (index file id 7600109166, text with @ApiStatus.NonExtendable and the ClientKind getServices, the newest of 10 texts found; 252 line inferred; NonExtendable added; it also extends UserDataHolder and AreaInstance, not stubbed)
// Body: an interface (the model's application and projects implement it); it extends AreaInstance as upstream.
package com.intellij.openapi.components;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.extensions.AreaInstance;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;

@ApiStatus.NonExtendable
public interface ComponentManager extends Disposable, AreaInstance {
  <T> T getService(@NotNull Class<T> serviceClass);

  boolean isDisposed();
}
