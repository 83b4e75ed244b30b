// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XFullValueEvaluator.java
// Upstream: commit not reported (index file id 18355752963, text (c) 2000-2025, the newest of 4 texts found; 252 line inferred; it has the no-arg constructor mirrored here)
package com.intellij.xdebugger.frame;

/** Only a parameter type of XValueNode here. */
public abstract class XFullValueEvaluator {
  protected XFullValueEvaluator() { }
}
