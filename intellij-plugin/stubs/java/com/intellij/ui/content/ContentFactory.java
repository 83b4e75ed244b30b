// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/ContentFactory.java
// Upstream: 11bd5d64b484439d321639058581ef2b77066359 (text (c) 2000-2020, newest of the texts in the index; 252 line NOT read)
// The static getInstance() is newer than every stored text (they have only the nested SERVICE.getInstance()); its
// existence is taken from plugins built against 2024-2025 platforms that call ContentFactory.getInstance()
// (index ids 57386141616, 53239280691). Its annotations were not read, so it is left unannotated (platform type).
// getInstance() is the application service, as SERVICE.getInstance() is in those texts (ServiceManager.getService).
package com.intellij.ui.content;

import com.intellij.openapi.application.ApplicationManager;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.JComponent;

public interface ContentFactory {
  static ContentFactory getInstance() { return ApplicationManager.getApplication().getService(ContentFactory.class); }

  @NotNull Content createContent(@Nullable JComponent component, @Nullable String displayName, boolean isLockable);
}
