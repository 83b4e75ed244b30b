// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/editor/colors/TextAttributesKey.java
// Upstream: ae187b7fc867815d865a030173cc4189d61dd958 (the one stored version at this path; newest text found: index file id 3112271415, 'public final class TextAttributesKey implements Comparable<TextAttributesKey>'; 252 line inferred; used only as a parameter type)
package com.intellij.openapi.editor.colors;

public final class TextAttributesKey {
  private TextAttributesKey() { }
}
