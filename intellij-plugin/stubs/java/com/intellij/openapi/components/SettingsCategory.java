// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/SettingsCategory.java
// Upstream: 06b6f557919e109c8e8682109fa7fe4a0221bdcf (text (c) 2000-2021; 252 line inferred: the only text in the index)
package com.intellij.openapi.components;

public enum SettingsCategory {
  UI,
  KEYMAP,
  CODE,
  TOOLS,
  SYSTEM,
  PLUGINS,
  OTHER
}
