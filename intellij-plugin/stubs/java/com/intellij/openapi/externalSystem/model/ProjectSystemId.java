// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/external-system-api/src/com/intellij/openapi/externalSystem/model/ProjectSystemId.java
// Upstream: 3db8bf6359d70c5ed8da67d18c992c45663a3639 (the commit the index lists; 252 line NOT read: the constructor is needed only by the model's Gradle configuration, whose super constructor takes it)
// Body: the id is the state.
package com.intellij.openapi.externalSystem.model;

import org.jetbrains.annotations.NotNull;

public final class ProjectSystemId {
  private final @NotNull String myId;

  public ProjectSystemId(@NotNull String id) {
    myId = id;
  }

  public @NotNull String getId() {
    return myId;
  }
}
