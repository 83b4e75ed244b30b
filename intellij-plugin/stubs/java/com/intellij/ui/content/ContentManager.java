// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/ContentManager.java
// Upstream: commit not reported (index file id 2747531589, text with the ContentsUtil javadoc, newest found; 252 line inferred; addContent is identical in all 4 texts seen)
// The real interface also extends BusyObject; only addContent is mirrored.
package com.intellij.ui.content;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

public interface ContentManager extends Disposable {
  void addContent(@NotNull Content content);
}
