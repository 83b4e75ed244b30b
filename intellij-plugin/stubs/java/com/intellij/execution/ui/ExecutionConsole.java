// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/ui/ExecutionConsole.java
// Upstream: 252 line NOT read (only a constructor parameter type of RunContentDescriptor here; the interface extends Disposable upstream, its members are left out)
package com.intellij.execution.ui;

import com.intellij.openapi.Disposable;

public interface ExecutionConsole extends Disposable {
}
