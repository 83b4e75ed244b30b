// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/AbstractBundle.java
// Upstream: commit not reported (index file id 5999588670, the newest text found: a public class, public AbstractBundle(Class, String) taking the class's loader, protected AbstractBundle(String) taking the subclass's, getMessage(key, params) = BundleBase.messageOrDefault(getResourceBundle(), key, null, params); 252 line inferred)
// Body: the bundle's properties from that class loader, the value formatted with MessageFormat when there are parameters (BundleBase's formatting, without its other cases).
package com.intellij;

import org.jetbrains.annotations.NotNull;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

public class AbstractBundle {
  private final ClassLoader myBundleClassLoader;
  private final String myPathToBundle;

  public AbstractBundle(@NotNull Class<?> bundleClass, @NotNull String pathToBundle) {
    myPathToBundle = pathToBundle;
    myBundleClassLoader = bundleClass.getClassLoader();
  }

  protected AbstractBundle(@NotNull String pathToBundle) {
    myPathToBundle = pathToBundle;
    myBundleClassLoader = getClass().getClassLoader();
  }

  public @NotNull String getMessage(@NotNull String key, @NotNull Object... params) {
    String value = ResourceBundle.getBundle(myPathToBundle, Locale.getDefault(), myBundleClassLoader).getString(key);
    return params.length == 0 ? value : new MessageFormat(value, Locale.getDefault()).format(params);
  }
}
