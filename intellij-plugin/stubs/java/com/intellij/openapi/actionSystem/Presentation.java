// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/Presentation.java
// Upstream: commit not reported (index file id 3978675813, text (c) 2000-2025, newest of 4 texts found; 252 line inferred)
// Getters are mirrored so that Kotlin property syntax (presentation.isEnabled = ..., .text = ...) resolves as
// against the SDK. setEnabled on a template presentation only logs a warning upstream: set it on e.presentation.
// Bodies: plain fields (enabled and visible by default), clone() copies them. Simpler than upstream: no property
// change events, mnemonics or client properties; a Supplier is read at once.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;
import java.util.function.Supplier;

public final class Presentation implements Cloneable {
  private String myText;
  private String myDescription;
  private Icon myIcon;
  private boolean myEnabled = true;
  private boolean myVisible = true;

  public Presentation() { }

  public String getText() { return myText; }

  public void setText(@Nullable String text) { myText = text; }

  public void setText(@NotNull Supplier<String> text) { myText = text.get(); }

  public String getDescription() { return myDescription; }

  public void setDescription(@NotNull Supplier<String> dynamicDescription) { myDescription = dynamicDescription.get(); }

  public void setDescription(String description) { myDescription = description; }

  public @Nullable Icon getIcon() { return myIcon; }

  public void setIcon(@Nullable Icon icon) { myIcon = icon; }

  public boolean isEnabled() { return myEnabled; }

  public void setEnabled(boolean enabled) { myEnabled = enabled; }

  public boolean isVisible() { return myVisible; }

  public void setVisible(boolean visible) { myVisible = visible; }

  @Override
  public Presentation clone() {
    try {
      return (Presentation)super.clone();
    }
    catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
  }
}
