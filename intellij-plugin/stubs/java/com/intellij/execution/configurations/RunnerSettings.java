// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RunnerSettings.java
// Upstream: none (252 line NOT read: no text of this file is in the index (find_files has no version at this path); a third-party note quoting it (index file id 70431870198) gives 'public interface RunnerSettings extends JDOMExternalizable {}'; the stub leaves the super-interface out (not stubbed, unused))
package com.intellij.execution.configurations;

public interface RunnerSettings {
}
