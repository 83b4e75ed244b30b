// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/execution/src/com/intellij/execution/configurations/RunConfiguration.java
// Upstream: 1eab9c68e4696e28d573837d3315de17ec30df32 (text (c) 2000-2023; 252 line inferred; the interface also extends Cloneable: fixed)
// clone() (declared by the interface upstream) added: a launch with overrides runs a copy.
// getProject() and checkConfiguration() added for the model (text re-read: 0d756ce25492936f431ce64650c9fff6046a34f0, (c) 2000-2023).
package com.intellij.execution.configurations;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public interface RunConfiguration extends RunProfile, Cloneable {
  /** Upstream the default asks getFactory() (left out): implementations in the model override it. */
  default @NotNull ConfigurationType getType() { throw new UnsupportedOperationException("stub"); }

  Project getProject();

  default void checkConfiguration() throws RuntimeConfigurationException { }

  default boolean isAllowRunningInParallel() { return false; }

  /** A copy with the same settings (RunConfigurationBase: a deep copy of its options). */
  RunConfiguration clone();
}
