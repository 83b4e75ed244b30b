// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/Disposer.java
// Upstream: commit not reported (index file id 5702261350, text with newCheckedDisposable and the Internal disposeChildren, the newest intellij text of 2 found; 252 line inferred)
// Body: a working tree of disposables: register(parent, child), dispose(children first, last registered first, once), isDisposed; simpler than upstream's ObjectTree (no leak tracking). Disposed objects are remembered weakly, by identity, as ObjectTree's myDisposedObjects (ContainerUtil.createWeakMap(100, 0.5f, identityStrategy())): remembering a disposed object does not keep it, or an unloaded plugin's classes, alive.
package com.intellij.openapi.util;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

public final class Disposer {
  private Disposer() { }

  private static final Map<Disposable, List<Disposable>> ourChildren = new IdentityHashMap<>();
  private static final Set<DisposedRef> ourDisposed = new HashSet<>();
  private static final ReferenceQueue<Disposable> ourCollected = new ReferenceQueue<>();

  /** A disposed object, by identity, held weakly. */
  private static final class DisposedRef extends WeakReference<Disposable> {
    private final int myHash;

    DisposedRef(Disposable disposable, ReferenceQueue<Disposable> queue) {
      super(disposable, queue);
      myHash = System.identityHashCode(disposable);
    }

    @Override
    public int hashCode() { return myHash; }

    @Override
    public boolean equals(Object o) {
      if (this == o) return true;
      if (!(o instanceof DisposedRef)) return false;
      Disposable mine = get();
      return mine != null && mine == ((DisposedRef)o).get();
    }
  }

  /** Records [disposable] as disposed; false when it already was. Guarded by ourChildren. */
  private static boolean markDisposed(Disposable disposable) {
    for (Object gone; (gone = ourCollected.poll()) != null; ) ourDisposed.remove(gone);
    return ourDisposed.add(new DisposedRef(disposable, ourCollected));
  }

  private static boolean wasDisposed(Disposable disposable) {
    return ourDisposed.contains(new DisposedRef(disposable, null));
  }

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
      parentGone = wasDisposed(parent);
      if (!parentGone) ourChildren.computeIfAbsent(parent, p -> new ArrayList<>()).add(child);
    }
    if (parentGone) dispose(child);
  }

  /** Children first, most recently registered first, each once (upstream ObjectTree order). */
  public static void dispose(@NotNull Disposable disposable) {
    List<Disposable> children;
    synchronized (ourChildren) {
      if (!markDisposed(disposable)) return;
      children = ourChildren.remove(disposable);
    }
    if (children != null) {
      for (int i = children.size() - 1; i >= 0; i--) dispose(children.get(i));
    }
    disposable.dispose();
  }

  public static boolean isDisposed(@NotNull Disposable disposable) {
    synchronized (ourChildren) {
      return wasDisposed(disposable);
    }
  }
}
