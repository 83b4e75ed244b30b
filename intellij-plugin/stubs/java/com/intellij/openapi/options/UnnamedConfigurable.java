// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/UnnamedConfigurable.java
// Upstream: 50c7f9cbbac0c38290edca159c863c104634b08c (text (c) 2000-2022; 252 line inferred: newest text in the index)
// createComponent is @RequiresEdt upstream; apply/reset run on the EDT (javadoc); the constructor may run on a
// background thread, so no Swing component may be created there. The defaults do nothing (return null), as in that text.
package com.intellij.openapi.options;

import org.jetbrains.annotations.Nullable;

import javax.swing.JComponent;

public interface UnnamedConfigurable {
  @Nullable JComponent createComponent();

  default @Nullable JComponent getPreferredFocusedComponent() { return null; }

  boolean isModified();

  void apply() throws ConfigurationException;

  default void reset() { }

  default void disposeUIResources() { }

  default void cancel() { }
}
