// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/ExecutionConsole.java
// Upstream: 044aac10808b529210e6773ddf42395553972fea (index file id 9071433595, text (c) 2000-2023; 252 line inferred)
// Only a constructor parameter type of RunContentDescriptor here: upstream it extends ComponentContainer (a Disposable with
// the component members), which this stub shortens to Disposable; CONSOLE_CONTENT_ID is left out.
package com.intellij.execution.ui;

import com.intellij.openapi.Disposable;

public interface ExecutionConsole extends Disposable {
}
