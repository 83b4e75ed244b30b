// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util-rt/src/com/intellij/util/ThrowableRunnable.java
// Upstream: 415c587619c02b1b4108d589c8980c3faa460724 (text (c) 2000-2009, the only stored version; 252 line inferred; that text has no @FunctionalInterface, which changes nothing Kotlin sees)
package com.intellij.util;

@FunctionalInterface
public interface ThrowableRunnable<T extends Throwable> {
  void run() throws T;
}
