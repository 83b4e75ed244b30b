// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/ui/classFilter/ClassFilter.java
// Upstream: 05fc59300692e9b84414edb53858ea3e5705fc7d (index file id 4427183485, text (c) 2000-2025; 252 line inferred: the newest text found)
// Body: the fields are the state, as upstream; matches() is PatternUtil.fromMask (`*` any run, `?` one character, the rest literal).
package com.intellij.ui.classFilter;

import org.jetbrains.annotations.NotNull;

public class ClassFilter implements Cloneable {
  public static final ClassFilter[] EMPTY_ARRAY = new ClassFilter[0];

  public String PATTERN = "";
  public boolean ENABLED = true;
  public boolean INCLUDE = true;

  public ClassFilter() { }

  public ClassFilter(String pattern) {
    PATTERN = pattern;
  }

  public String getPattern() {
    return PATTERN;
  }

  public boolean isEnabled() {
    return ENABLED;
  }

  public boolean isInclude() {
    return INCLUDE;
  }

  public void setPattern(String pattern) {
    if (pattern != null) PATTERN = pattern;
  }

  public void setEnabled(boolean value) {
    ENABLED = value;
  }

  public void setInclude(boolean value) {
    INCLUDE = value;
  }

  @Override
  public String toString() {
    return getPattern();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof ClassFilter)) return false;
    ClassFilter other = (ClassFilter)o;
    return isEnabled() == other.isEnabled() && getPattern().equals(other.getPattern());
  }

  @Override
  public int hashCode() {
    return 29 * PATTERN.hashCode() + (ENABLED ? 1 : 0);
  }

  @Override
  public ClassFilter clone() {
    try {
      return (ClassFilter)super.clone();
    }
    catch (CloneNotSupportedException e) {
      throw new IllegalStateException(e);
    }
  }

  public boolean matches(String name) {
    StringBuilder regex = new StringBuilder();
    for (char c : getPattern().toCharArray()) {
      if (c == '*') regex.append(".*");
      else if (c == '?') regex.append('.');
      else regex.append(java.util.regex.Pattern.quote(String.valueOf(c)));
    }
    return name != null && name.matches(regex.toString());
  }

  public static @NotNull ClassFilter[] deepCopyOf(@NotNull ClassFilter[] original) {
    ClassFilter[] copy = new ClassFilter[original.length];
    for (int i = 0; i < original.length; i++) copy[i] = original[i].clone();
    return copy;
  }
}
