// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/lang-api/src/com/intellij/execution/actions/ConfigurationContext.java
// Upstream: commit not reported (index file id 4506837956, text (c) 2000-2025: public static @NotNull createEmptyContextForLocation(@NotNull Location), public synchronized @Nullable getConfiguration(), @Nullable findExisting(), @Nullable Location<PsiElement> getLocation(), @Nullable getPsiLocation(), getProject(); earlier record: d1e41ac3556104f7a6d61b21cffd9dc7aa429201; 252 line inferred)
// Body: as upstream through RunConfigurationProducer.getProducers: getConfiguration is PreferredProducerFind's pick (every producer's findOrCreateConfigurationFromContext, the first by ConfigurationFromContext.COMPARATOR), made once, and null while the project indexes (createConfiguration: `!DumbService.isDumb(project)`, index file id 6117628835); findExisting is the first producer's findExistingConfiguration (upstream also prefers, among several, the one a producer would make here). No data context: the location is all a context made for a location has.
package com.intellij.execution.actions;

import com.intellij.openapi.project.DumbService;
import com.intellij.execution.Location;
import com.intellij.execution.RunnerAndConfigurationSettings;
import com.intellij.openapi.project.Project;
import com.intellij.psi.PsiElement;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

public class ConfigurationContext {
  private final Location<PsiElement> myLocation;
  private RunnerAndConfigurationSettings myConfiguration;
  private boolean myInitialized;

  public static @NotNull ConfigurationContext createEmptyContextForLocation(@NotNull Location location) {
    //noinspection unchecked
    return new ConfigurationContext((Location<PsiElement>)location);
  }

  private ConfigurationContext(@NotNull Location<PsiElement> location) {
    myLocation = location;
  }

  public synchronized @Nullable RunnerAndConfigurationSettings getConfiguration() {
    if (myConfiguration == null && !myInitialized) {
      if (DumbService.isDumb(getProject())) {
        myInitialized = true;
        return null;
      }
      List<ConfigurationFromContext> candidates = new ArrayList<>();
      for (RunConfigurationProducer<?> producer : RunConfigurationProducer.getProducers(getProject())) {
        ConfigurationFromContext candidate = producer.findOrCreateConfigurationFromContext(this);
        if (candidate != null) candidates.add(candidate);
      }
      candidates.sort(ConfigurationFromContext.COMPARATOR);
      myConfiguration = candidates.isEmpty() ? null : candidates.get(0).getConfigurationSettings();
      myInitialized = true;
    }
    return myConfiguration;
  }

  public @Nullable Location<PsiElement> getLocation() {
    return myLocation;
  }

  public @Nullable PsiElement getPsiLocation() {
    return myLocation != null ? myLocation.getPsiElement() : null;
  }

  public @Nullable RunnerAndConfigurationSettings findExisting() {
    for (RunConfigurationProducer<?> producer : RunConfigurationProducer.getProducers(getProject())) {
      RunnerAndConfigurationSettings existing = producer.findExistingConfiguration(this);
      if (existing != null) return existing;
    }
    return null;
  }

  public Project getProject() {
    return myLocation.getProject();
  }
}
