// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/lang-api/src/com/intellij/execution/actions/ConfigurationFromContext.java
// Upstream: 080b15dd3c5ed49e1b86e20a53a190589b42669f (text (c) 2000-2015, the one the index returned; 252 line inferred)
// Body: as upstream (getConfiguration, isPreferredTo, shouldReplace, COMPARATOR) except that COMPARATOR leaves out its first rule (a configuration made from an inner PSI element wins, PsiTreeUtil.isAncestor): a file launch's candidates all come from the same file.
package com.intellij.execution.actions;

import com.intellij.execution.RunnerAndConfigurationSettings;
import com.intellij.execution.configurations.RunConfiguration;
import com.intellij.psi.PsiElement;
import org.jetbrains.annotations.NotNull;

import java.util.Comparator;

public abstract class ConfigurationFromContext {
  public abstract @NotNull RunnerAndConfigurationSettings getConfigurationSettings();

  public abstract void setConfigurationSettings(RunnerAndConfigurationSettings configurationSettings);

  public @NotNull RunConfiguration getConfiguration() {
    return getConfigurationSettings().getConfiguration();
  }

  public abstract @NotNull PsiElement getSourceElement();

  public boolean isPreferredTo(ConfigurationFromContext other) {
    return true;
  }

  public boolean shouldReplace(ConfigurationFromContext other) {
    return false;
  }

  public static final Comparator<ConfigurationFromContext> COMPARATOR = (configuration1, configuration2) -> {
    if (!configuration1.isPreferredTo(configuration2)) return 1;
    if (configuration2.shouldReplace(configuration1)) return 1;
    if (!configuration2.isPreferredTo(configuration1)) return -1;
    if (configuration1.shouldReplace(configuration2)) return -1;
    return 0;
  };
}
