// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationManager.java
// Upstream: d520a94846640256212e9ca938cafa58e5c00627 (text (c) 2000-2017; 252 line inferred: getApplication() is unannotated there)
// Body: as upstream: a static holder; setApplication(instance, parent) restores the previous one when parent is disposed.
package com.intellij.openapi.application;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.util.Disposer;
import org.jetbrains.annotations.NotNull;

public class ApplicationManager {
  protected static Application ourApplication;

  public static Application getApplication() { return ourApplication; }

  /** Installs [instance] until [parent] is disposed, then restores the previous application (as upstream, for tests). */
  public static void setApplication(@NotNull Application instance, @NotNull Disposable parent) {
    Application old = ourApplication;
    Disposer.register(parent, () -> ourApplication = old);
    ourApplication = instance;
  }
}
