// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnActionEvent.java
// Upstream: commit not reported (index file id 9120971719, text (c) 2000-2023; newest text found, 252 line inferred)
// The real public constructors are not mirrored (the platform creates events); the private one only hides the default.
package com.intellij.openapi.actionSystem;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.event.InputEvent;

public class AnActionEvent {
  private AnActionEvent() { }

  public @Nullable InputEvent getInputEvent() { throw new UnsupportedOperationException("stub"); }

  public @Nullable Project getProject() { throw new UnsupportedOperationException("stub"); }

  public @NotNull Presentation getPresentation() { throw new UnsupportedOperationException("stub"); }
}
