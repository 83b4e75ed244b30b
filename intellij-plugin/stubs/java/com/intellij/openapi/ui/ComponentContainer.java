// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/ComponentContainer.java
// Upstream: 33ab10626a751024d7660543f3fdb66442971362 (index file id 4350384510, text (c) 2000-2009, the only text found; 252 line inferred)
// The supertype of Content: a Disposable with its component (both members unannotated in that text).
package com.intellij.openapi.ui;

import com.intellij.openapi.Disposable;

import javax.swing.JComponent;

public interface ComponentContainer extends Disposable {
  JComponent getComponent();

  JComponent getPreferredFocusableComponent();
}
