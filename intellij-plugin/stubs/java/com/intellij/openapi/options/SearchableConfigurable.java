// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/SearchableConfigurable.java
// Upstream: 06b6f557919e109c8e8682109fa7fe4a0221bdcf (text (c) 2000-2021; 252 line inferred: newest text in the index)
// getId() comes from ConfigurableWithId; the default enableSearch/getOriginalClass and nested types are left out.
package com.intellij.openapi.options;

public interface SearchableConfigurable extends ConfigurableWithId {
}
