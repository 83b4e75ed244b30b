// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XFullValueEvaluator.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.frame;

/** Only a parameter type of XValueNode here. */
public abstract class XFullValueEvaluator {
  protected XFullValueEvaluator() { }
}
