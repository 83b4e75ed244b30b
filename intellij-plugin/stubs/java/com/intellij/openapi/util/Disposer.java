// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/Disposer.java
// Upstream: commit not reported (index file id 5702261350, text with newCheckedDisposable and the Internal disposeChildren, the newest intellij text of 2 found; 252 line inferred)
// Body: a working tree of disposables: register(parent, child), dispose(children first, last registered first, once), isDisposed; simpler than upstream's ObjectTree (no leak tracking; disposed objects are remembered for the test JVM's life).
package com.intellij.openapi.util;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

public final class Disposer {
  private Disposer() { }

  private static final Map<Disposable, List<Disposable>> ourChildren = new IdentityHashMap<>();
  private static final Map<Disposable, Boolean> ourDisposed = new IdentityHashMap<>();

  public static @NotNull Disposable newDisposable(@NotNull String debugName) {
    return new Disposable() {
      @Override
      public void dispose() { }

      @Override
      public String toString() { return debugName; }
    };
  }

  /** Registering under an already disposed parent disposes the child at once (upstream logs this as an error; the model does the safe part). */
  public static void register(@NotNull Disposable parent, @NotNull Disposable child) {
    boolean parentGone;
    synchronized (ourChildren) {
      parentGone = ourDisposed.containsKey(parent);
      if (!parentGone) ourChildren.computeIfAbsent(parent, p -> new ArrayList<>()).add(child);
    }
    if (parentGone) dispose(child);
  }

  /** Children first, most recently registered first, each once (upstream ObjectTree order). */
  public static void dispose(@NotNull Disposable disposable) {
    List<Disposable> children;
    synchronized (ourChildren) {
      if (ourDisposed.put(disposable, Boolean.TRUE) != null) return;
      children = ourChildren.remove(disposable);
    }
    if (children != null) {
      for (int i = children.size() - 1; i >= 0; i--) dispose(children.get(i));
    }
    disposable.dispose();
  }

  public static boolean isDisposed(@NotNull Disposable disposable) {
    synchronized (ourChildren) {
      return ourDisposed.containsKey(disposable);
    }
  }
}
