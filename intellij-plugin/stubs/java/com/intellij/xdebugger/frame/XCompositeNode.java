// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XCompositeNode.java
// Upstream: commit not reported (index file id 7210979995, text (c) 2000-2020 with tooManyChildren(int, Runnable); 252 line inferred: of the two 2020 texts in the index it is taken as the later one (the other, file id 32220615132, has an intermediate ChildrenSupplier overload), and H's 2025.2.6 build overrides the Runnable form)
package com.intellij.xdebugger.frame;

import com.intellij.ui.SimpleTextAttributes;
import com.intellij.xdebugger.Obsolescent;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;

/** Implemented by this plugin (a collecting node), so every abstract member of 2025.2 is mirrored. */
public interface XCompositeNode extends Obsolescent {
  int MAX_CHILDREN_TO_SHOW = 100;

  void addChildren(@NotNull XValueChildrenList children, final boolean last);

  /** @deprecated use {@link #tooManyChildren(int, Runnable)} */
  @Deprecated
  void tooManyChildren(int remaining);

  default void tooManyChildren(int remaining, @NotNull Runnable addNextChildren) {
    tooManyChildren(remaining);
  }

  void setAlreadySorted(boolean alreadySorted);

  void setErrorMessage(@NotNull String errorMessage);

  void setErrorMessage(@NotNull String errorMessage, @Nullable XDebuggerTreeNodeHyperlink link);

  void setMessage(@NotNull String message, final @Nullable Icon icon, final @NotNull SimpleTextAttributes attributes,
                  @Nullable XDebuggerTreeNodeHyperlink link);
}
