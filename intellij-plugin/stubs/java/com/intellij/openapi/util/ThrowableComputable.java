// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/ThrowableComputable.java
// (text read: copyright 2000-2020). Only the members this plugin uses; bodies are placeholders.
package com.intellij.openapi.util;

@FunctionalInterface
public interface ThrowableComputable<T, E extends Throwable> {
  T compute() throws E;
}
