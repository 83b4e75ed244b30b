// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community java/debugger/openapi/src/org/jetbrains/java/debugger/breakpoints/properties/JavaBreakpointProperties.java (plugin com.intellij.java)
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package org.jetbrains.java.debugger.breakpoints.properties;

import com.intellij.xdebugger.breakpoints.XBreakpointProperties;

public class JavaBreakpointProperties<T extends JavaBreakpointProperties> extends XBreakpointProperties<T> {
}
