// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/lang-api/src/com/intellij/execution/actions/RunConfigurationProducer.java
// Upstream: commit not reported (index file id 3989249633, text (c) 2000-2024; earlier record: 5eda561006e5f6c696214569bd78a6b095fc674a; 252 line inferred)
// Body: getProducers is the extension list without the producers that are not dumb-aware while the project indexes, as upstream (DumbService.filterByDumbAwareness; upstream also drops those the user disabled); findOrCreateConfigurationFromContext and findExistingConfiguration as upstream (without setUniqueNameIfNeeded and the Location's module). createConfigurationFromContext and getConfigurationSettingsList throw: upstream they clone the template of getConfigurationFactory() and list the configurations of its type, which the model's producers (test doubles over immutable configurations) override instead of modelling factories.
package com.intellij.execution.actions;

import com.intellij.openapi.project.DumbService;
import com.intellij.openapi.project.PossiblyDumbAware;
import com.intellij.execution.Location;
import com.intellij.execution.RunManager;
import com.intellij.execution.RunnerAndConfigurationSettings;
import com.intellij.execution.configurations.RunConfiguration;
import com.intellij.openapi.extensions.ExtensionPointName;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

public abstract class RunConfigurationProducer<T extends RunConfiguration> implements PossiblyDumbAware {
  public static final ExtensionPointName<RunConfigurationProducer> EP_NAME =
    new ExtensionPointName<>("com.intellij.runConfigurationProducer");

  public static @NotNull List<RunConfigurationProducer<?>> getProducers(@NotNull Project project) {
    List<RunConfigurationProducer<?>> result = new ArrayList<>();
    for (RunConfigurationProducer producer : DumbService.getInstance(project).filterByDumbAwareness(EP_NAME.getExtensionList())) {
      result.add(producer);
    }
    return result;
  }

  /** Upstream: "Do NOT use directly" (LazyRunConfigurationProducer's); the model's producers use it. */
  public RunConfigurationProducer(@SuppressWarnings("unused") boolean internalUsageOnly) { }

  public @Nullable ConfigurationFromContext createConfigurationFromContext(@NotNull ConfigurationContext context) {
    throw new UnsupportedOperationException("the platform model's producers override createConfigurationFromContext");
  }

  public abstract boolean isConfigurationFromContext(@NotNull T configuration, @NotNull ConfigurationContext context);

  public boolean isPreferredConfiguration(ConfigurationFromContext self, ConfigurationFromContext other) {
    return true;
  }

  public boolean shouldReplace(@NotNull ConfigurationFromContext self, @NotNull ConfigurationFromContext other) {
    return false;
  }

  public @Nullable ConfigurationFromContext findOrCreateConfigurationFromContext(@NotNull ConfigurationContext context) {
    Location location = context.getLocation();
    if (location == null) {
      return null;
    }
    ConfigurationFromContext fromContext = createConfigurationFromContext(context);
    if (fromContext == null) {
      return null;
    }
    if (fromContext.getSourceElement().isValid()) {
      // replace with existing configuration if any
      RunnerAndConfigurationSettings settings = findExistingConfiguration(context);
      if (settings != null) {
        fromContext.setConfigurationSettings(settings);
      }
    }
    return fromContext;
  }

  public @Nullable RunnerAndConfigurationSettings findExistingConfiguration(@NotNull ConfigurationContext context) {
    final RunManager runManager = RunManager.getInstance(context.getProject());
    for (RunnerAndConfigurationSettings configurationSettings : getConfigurationSettingsList(runManager)) {
      //noinspection unchecked
      if (isConfigurationFromContext((T)configurationSettings.getConfiguration(), context)) {
        return configurationSettings;
      }
    }
    return null;
  }

  protected @NotNull List<RunnerAndConfigurationSettings> getConfigurationSettingsList(@NotNull RunManager runManager) {
    throw new UnsupportedOperationException("the platform model's producers override getConfigurationSettingsList");
  }
}
