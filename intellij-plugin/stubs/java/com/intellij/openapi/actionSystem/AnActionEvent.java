// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnActionEvent.java
// Upstream: commit not reported (index file id 9120971719, text (c) 2000-2023; newest text found, 252 line inferred)
// Bodies follow that text (the six-argument constructor keeps its arguments; getters return them). Simpler than
// upstream: getProject() reads the data context by CommonDataKeys.PROJECT's name ("project"), as DataKey is not stubbed.
package com.intellij.openapi.actionSystem;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.event.InputEvent;

public class AnActionEvent {
  private final @Nullable InputEvent myInputEvent;
  private final @NotNull DataContext myDataContext;
  private final @NotNull String myPlace;
  private final @NotNull Presentation myPresentation;
  private final @NotNull ActionManager myActionManager;
  private final int myModifiers;

  public AnActionEvent(@Nullable InputEvent inputEvent,
                       @NotNull DataContext dataContext,
                       @NotNull String place,
                       @NotNull Presentation presentation,
                       @NotNull ActionManager actionManager,
                       int modifiers) {
    myInputEvent = inputEvent;
    myDataContext = dataContext;
    myPlace = place;
    myPresentation = presentation;
    myActionManager = actionManager;
    myModifiers = modifiers;
  }

  public @Nullable InputEvent getInputEvent() { return myInputEvent; }

  public @Nullable Project getProject() { return (Project)myDataContext.getData("project"); }

  public @NotNull DataContext getDataContext() { return myDataContext; }

  public @NotNull String getPlace() { return myPlace; }

  public @NotNull Presentation getPresentation() { return myPresentation; }

  public int getModifiers() { return myModifiers; }

  public @NotNull ActionManager getActionManager() { return myActionManager; }
}
