// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/Obsolescent.java
// Upstream: commit not reported (index file id 976510809, text (c) 2000-2017, newer than 48f2af93 (c) 2009; 252 line inferred; isObsolete() is a default method returning false: fixed)
package com.intellij.xdebugger;

/** Upstream it also extends org.jetbrains.concurrency.Obsolescent (same member; not stubbed). */
public interface Obsolescent {
  /** @return true if the result of computation won't be used, so it can be interrupted. */
  default boolean isObsolete() { return false; }
}
