// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/util/ThrowableRunnable.java
// (text read: copyright 2000-2020). Only the members this plugin uses; bodies are placeholders.
package com.intellij.util;

@FunctionalInterface
public interface ThrowableRunnable<T extends Throwable> {
  void run() throws T;
}
