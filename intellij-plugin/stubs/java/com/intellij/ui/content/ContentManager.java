// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/ContentManager.java
// Upstream: commit not reported (index file id 2747531589, text with the ContentsUtil javadoc, newest found; 252 line inferred; addContent is identical in all 4 texts seen)
// The real interface also extends BusyObject; only these members are mirrored (implemented by the model, platformmodel.ui).
package com.intellij.ui.content;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ContentManager extends Disposable {
  void addContent(@NotNull Content content);

  boolean removeContent(@NotNull Content content, boolean dispose);

  @NotNull Content[] getContents();

  int getContentCount();

  @Nullable Content getContent(int index);
}
