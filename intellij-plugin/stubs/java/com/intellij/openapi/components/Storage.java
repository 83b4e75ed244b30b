// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/Storage.java
// Upstream: 03980ad0dccbd9a9140c4dc2415985c469f99ae7 (text (c) 2000-2018; index file id 7281989875 (newer, exclusive is
// @ApiStatus.Internal) has the same value/roamingType; 252 line inferred)
// Only value and roamingType are mirrored; the rest keep their defaults.
package com.intellij.openapi.components;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

@Retention(RetentionPolicy.RUNTIME)
public @interface Storage {
  String value() default "";

  RoamingType roamingType() default RoamingType.DEFAULT;
}
