// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/debugger/openapi/src/org/jetbrains/java/debugger/breakpoints/properties/JavaMethodBreakpointProperties.java (plugin com.intellij.java)
// Upstream: commit not reported (index file id 8033962331, text (c) 2000-2024, the newest of 4 texts found; 252 line inferred; bodies: the fields are the state, as upstream)
package org.jetbrains.java.debugger.breakpoints.properties;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** A method breakpoint's class pattern and method name (JavaWildcardMethodBreakpointType "java-wildcard-method", and JavaMethodBreakpointType). */
public class JavaMethodBreakpointProperties extends JavaBreakpointProperties<JavaMethodBreakpointProperties> {
  public String myClassPattern;

  public String myMethodName;

  public boolean EMULATED = false;
  public boolean WATCH_ENTRY = true;
  public boolean WATCH_EXIT = true;

  public JavaMethodBreakpointProperties(String classPattern, String methodName) {
    myClassPattern = classPattern;
    myMethodName = methodName;
  }

  public JavaMethodBreakpointProperties() {
  }

  @Override
  public @Nullable JavaMethodBreakpointProperties getState() {
    return this;
  }

  @Override
  public void loadState(@NotNull JavaMethodBreakpointProperties state) {
    myClassPattern = state.myClassPattern;
    myMethodName = state.myMethodName;
    EMULATED = state.EMULATED;
    WATCH_ENTRY = state.WATCH_ENTRY;
    WATCH_EXIT = state.WATCH_EXIT;
  }
}
