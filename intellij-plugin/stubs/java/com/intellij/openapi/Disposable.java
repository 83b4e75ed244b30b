// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/Disposable.java
// Upstream: aeefbbefaf74210f545774de781ec7daeb0f05f9 (text (c) 2000-2009, the only stored version; 252 line inferred)
package com.intellij.openapi;

public interface Disposable {
  void dispose();
}
