// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/State.java
// Upstream: 002c70f58050824e62e6e6b084b66701cd135935 (text (c) 2000-2024; 252 line inferred: newest text in the index)
// Only name, storages and category are mirrored (the others have defaults).
package com.intellij.openapi.components;

import org.jetbrains.annotations.NotNull;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

@Retention(RetentionPolicy.RUNTIME)
public @interface State {
  @NotNull String name();

  @NotNull Storage[] storages() default {};

  SettingsCategory category() default SettingsCategory.OTHER;
}
