// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/Presentation.java
// Upstream: commit not reported (index file id 3978675813, text (c) 2000-2025, newest of 4 texts found; 252 line inferred)
// Getters are mirrored so that Kotlin property syntax (presentation.isEnabled = ..., .text = ...) resolves as
// against the SDK. setEnabled on a template presentation only logs a warning upstream: set it on e.presentation.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.util.function.Supplier;

public final class Presentation implements Cloneable {
  public Presentation() { }

  public String getText() { throw new UnsupportedOperationException("stub"); }

  public void setText(@Nullable String text) { throw new UnsupportedOperationException("stub"); }

  public void setText(@NotNull Supplier<String> text) { throw new UnsupportedOperationException("stub"); }

  public String getDescription() { throw new UnsupportedOperationException("stub"); }

  public void setDescription(@NotNull Supplier<String> dynamicDescription) { throw new UnsupportedOperationException("stub"); }

  public void setDescription(String description) { throw new UnsupportedOperationException("stub"); }

  public @Nullable Icon getIcon() { throw new UnsupportedOperationException("stub"); }

  public void setIcon(@Nullable Icon icon) { throw new UnsupportedOperationException("stub"); }

  public boolean isEnabled() { throw new UnsupportedOperationException("stub"); }

  public void setEnabled(boolean enabled) { throw new UnsupportedOperationException("stub"); }
}
