// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/Obsolescent.java
// (text read: copyright 2000-2018). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger;

public interface Obsolescent {
  /** @return true if the result of computation won't be used, so it can be interrupted. */
  boolean isObsolete();
}
