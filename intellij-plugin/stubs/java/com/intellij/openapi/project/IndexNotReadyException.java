// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/IndexNotReadyException.java
// Upstream: 07e9a2c7aed4f7424b2933d9c33fd4d439ea4441 (text (c) 2000-2020; 252 line inferred: the newest text found, final, private constructor, the create() factories; ExceptionWithAttachments and its attachments left out)
// Body: as upstream: the factories make the exception with upstream's message (the platform model's producers throw it in dumb mode).
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class IndexNotReadyException extends RuntimeException {
  private IndexNotReadyException(@Nullable Throwable startTrace) {
    super("Please change caller according to " + IndexNotReadyException.class.getName() + " documentation");
  }

  public static @NotNull IndexNotReadyException create() {
    return create(null);
  }

  public static @NotNull IndexNotReadyException create(@Nullable Throwable startTrace) {
    return new IndexNotReadyException(startTrace);
  }
}
