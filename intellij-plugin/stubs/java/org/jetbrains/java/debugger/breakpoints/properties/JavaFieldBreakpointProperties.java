// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/debugger/openapi/src/org/jetbrains/java/debugger/breakpoints/properties/JavaFieldBreakpointProperties.java (plugin com.intellij.java)
// Upstream: commit not reported (index file id 8328674451, text (c) 2000-2024, the newest of 3 texts found; 252 line inferred; bodies: the fields are the state, as upstream)
package org.jetbrains.java.debugger.breakpoints.properties;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** A field watchpoint's class and field, and whether it stops at writes and at reads (JavaFieldBreakpointType "java-field"). */
public class JavaFieldBreakpointProperties extends JavaBreakpointProperties<JavaFieldBreakpointProperties> {
  public boolean WATCH_MODIFICATION = true;
  public boolean WATCH_ACCESS = false;

  public String myFieldName;

  public String myClassName;

  public JavaFieldBreakpointProperties(String fieldName, String className) {
    myFieldName = fieldName;
    myClassName = className;
  }

  public JavaFieldBreakpointProperties() {
  }

  @Override
  public @Nullable JavaFieldBreakpointProperties getState() {
    return this;
  }

  @Override
  public void loadState(@NotNull JavaFieldBreakpointProperties state) {
    WATCH_MODIFICATION = state.WATCH_MODIFICATION;
    WATCH_ACCESS = state.WATCH_ACCESS;
    myFieldName = state.myFieldName;
    myClassName = state.myClassName;
  }
}
