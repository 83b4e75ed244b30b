// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/Content.java
// Upstream: commit not reported (index file id 6744097820, text (c) 2000-2020 with 2023-era keys; newest text found, 252 line inferred)
// The real interface extends UserDataHolder and ComponentContainer (mirrored: a Disposable with its component); only these
// members are mirrored. Implemented by the model (platformmodel.ui): dispose() disposes the disposer set here.
package com.intellij.ui.content;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.ui.ComponentContainer;
import org.jetbrains.annotations.NotNull;

import javax.swing.JComponent;

public interface Content extends ComponentContainer {
  void setPreferredFocusableComponent(JComponent component);

  void setDisposer(@NotNull Disposable disposer);
}
