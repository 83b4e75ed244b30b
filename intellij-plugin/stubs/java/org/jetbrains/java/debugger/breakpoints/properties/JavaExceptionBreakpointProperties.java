// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/debugger/openapi/src/org/jetbrains/java/debugger/breakpoints/properties/JavaExceptionBreakpointProperties.java (plugin com.intellij.java)
// Upstream: commit not reported (index file id 18121157769, text (c) 2000-2024 without the deprecated (String, String) constructor, the newest of 4 texts found; 252 line inferred; bodies: the fields are the state, as upstream; the package name is not derived here)
package org.jetbrains.java.debugger.breakpoints.properties;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JavaExceptionBreakpointProperties extends JavaBreakpointProperties<JavaExceptionBreakpointProperties> {
  public boolean NOTIFY_CAUGHT = true;
  public boolean NOTIFY_UNCAUGHT = true;

  public String myQualifiedName;

  public String myPackageName;

  public JavaExceptionBreakpointProperties(String qualifiedName) {
    myQualifiedName = qualifiedName;
  }

  public JavaExceptionBreakpointProperties() { }

  @Override
  public @Nullable JavaExceptionBreakpointProperties getState() {
    return this;
  }

  @Override
  public void loadState(@NotNull JavaExceptionBreakpointProperties state) {
    NOTIFY_CAUGHT = state.NOTIFY_CAUGHT;
    NOTIFY_UNCAUGHT = state.NOTIFY_UNCAUGHT;
    myQualifiedName = state.myQualifiedName;
    myPackageName = state.myPackageName;
  }
}
