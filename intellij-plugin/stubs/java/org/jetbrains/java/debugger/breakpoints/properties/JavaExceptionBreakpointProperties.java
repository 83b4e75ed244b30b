// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/debugger/openapi/src/org/jetbrains/java/debugger/breakpoints/properties/JavaExceptionBreakpointProperties.java (plugin com.intellij.java)
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package org.jetbrains.java.debugger.breakpoints.properties;

public class JavaExceptionBreakpointProperties extends JavaBreakpointProperties<JavaExceptionBreakpointProperties> {
  public boolean NOTIFY_CAUGHT = true;
  public boolean NOTIFY_UNCAUGHT = true;

  public String myQualifiedName;

  public String myPackageName;

  public JavaExceptionBreakpointProperties(String qualifiedName) { }

  public JavaExceptionBreakpointProperties() { }
}
