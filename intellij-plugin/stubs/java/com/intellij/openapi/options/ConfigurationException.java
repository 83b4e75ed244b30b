// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/ConfigurationException.java
// Upstream: 15343567cf7809eb623839598d6437db1454e59b (text (c) 2000-2024; 252 line inferred: newest text in the index)
// The message may be shown as HTML only after withHtmlMessage(); getMessage() is @Deprecated upstream (use getMessageHtml, not mirrored).
package com.intellij.openapi.options;

// Bodies: the title is kept ("Cannot Save Settings", OptionsBundle's default, when none is given; NOT read).
public class ConfigurationException extends Exception {
  private final String myTitle;

  public ConfigurationException(String message) { this(message, "Cannot Save Settings"); }

  public ConfigurationException(String message, String title) {
    super(message);
    myTitle = title;
  }

  public ConfigurationException(String message, Throwable cause, String title) {
    super(message, cause);
    myTitle = title;
  }

  public String getTitle() { return myTitle; }
}
