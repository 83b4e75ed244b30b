// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/components/Service.java
// Upstream: a9fad8c72b38bb52078d8a1159b4ed9a7a31c59e (text (c) 2000-2020, the only stored version at this path; 252 line inferred; it has no @Target: removed; value() defaults to {} there)
package com.intellij.openapi.components;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** Light service: registered by the annotation, no plugin.xml entry. */
@Retention(RetentionPolicy.RUNTIME)
public @interface Service {
  Level[] value() default {};

  enum Level { APP, PROJECT }
}
