// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-ui/src/com/intellij/openapi/actionSystem/DataContext.java
// Upstream: NOT read (getData(String) is the by-name lookup AnActionEvent's 2023 text (index file id 9120971719) calls
// through DataContextWrapper; the DataKey overload and the EMPTY_CONTEXT constant are not mirrored)
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface DataContext {
  @Nullable Object getData(@NotNull String dataId);
}
