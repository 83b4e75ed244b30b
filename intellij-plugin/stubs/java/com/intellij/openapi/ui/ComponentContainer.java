// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/ComponentContainer.java
// Upstream: NOT read (the supertype of Content named in ui/content/Content.java's text, index file id 6744097820: a Disposable with its component)
package com.intellij.openapi.ui;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

import javax.swing.JComponent;

public interface ComponentContainer extends Disposable {
  @NotNull JComponent getComponent();
}
