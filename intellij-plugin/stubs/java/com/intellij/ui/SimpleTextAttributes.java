// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-ui/src/com/intellij/ui/SimpleTextAttributes.java
// Upstream: 377c4f25da9e3e4497c08ceb4d84412a61b70b8b (stored at platform/platform-api/src/com/intellij/ui/SimpleTextAttributes.java, the older location; newest text found: index file id 6789753379, 'public final class SimpleTextAttributes'; 252 line inferred; used only as a parameter type)
package com.intellij.ui;

public final class SimpleTextAttributes {
  private SimpleTextAttributes() { }
}
