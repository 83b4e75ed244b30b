// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util-rt/src/com/intellij/openapi/util/ThrowableComputable.java
// Upstream: fda03732481499bd88c83861a4c99cb229dd4736 (text (c) 2000-2009, the only stored version; 252 line inferred; that text has no @FunctionalInterface, which changes nothing Kotlin sees)
package com.intellij.openapi.util;

@FunctionalInterface
public interface ThrowableComputable<T, E extends Throwable> {
  T compute() throws E;
}
