// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessHandler.java
// Upstream: commit not reported (index file id 5803808081, text (c) 2000-2017, the newest of 5 texts found; 252 line inferred)
// Body: as upstream for what listeners see: startNotify, onTextAvailable, processWillTerminate before destroy/detach, processTerminated once with the exit code, waitFor; events are delivered on the calling thread (upstream serialises them through a TasksRunner, the model keeps the order without it).
package com.intellij.execution.process;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.util.Disposer;
import com.intellij.openapi.util.Key;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

public abstract class ProcessHandler {
  private enum State { INITIAL, RUNNING, TERMINATING, TERMINATED }

  private final List<ProcessListener> myListeners = new CopyOnWriteArrayList<>();
  private final CountDownLatch myTerminated = new CountDownLatch(1);
  private volatile State myState = State.INITIAL;
  private volatile @Nullable Integer myExitCode;

  /** Listeners are told startNotified; a handler whose process already ended then reports its end (upstream's TasksRunner order). */
  public void startNotify() {
    synchronized (this) {
      if (myState != State.INITIAL) return;
      myState = State.RUNNING;
    }
    fire(l -> l.startNotified(new ProcessEvent(this)));
  }

  protected abstract void destroyProcessImpl();

  protected abstract void detachProcessImpl();

  public abstract boolean detachIsDefault();

  public abstract @Nullable OutputStream getProcessInput();

  /** Asks the process to end: processWillTerminate(willBeDestroyed = true), then destroyProcessImpl (once). */
  public void destroyProcess() {
    if (!beginTermination()) return;
    fire(l -> l.processWillTerminate(new ProcessEvent(this), true));
    destroyProcessImpl();
  }

  public void detachProcess() {
    if (!beginTermination()) return;
    fire(l -> l.processWillTerminate(new ProcessEvent(this), false));
    detachProcessImpl();
  }

  private synchronized boolean beginTermination() {
    if (myState == State.TERMINATING || myState == State.TERMINATED) return false;
    myState = State.TERMINATING;
    return true;
  }

  public boolean isProcessTerminated() { return myState == State.TERMINATED; }

  public boolean isProcessTerminating() { return myState == State.TERMINATING; }

  public boolean isStartNotified() { return myState != State.INITIAL; }

  public @Nullable Integer getExitCode() { return myExitCode; }

  public boolean waitFor(long timeoutInMilliseconds) {
    try {
      return myTerminated.await(timeoutInMilliseconds, TimeUnit.MILLISECONDS);
    }
    catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public void addProcessListener(@NotNull ProcessListener listener) { myListeners.add(listener); }

  public void addProcessListener(@NotNull ProcessListener listener, @NotNull Disposable parentDisposable) {
    myListeners.add(listener);
    Disposer.register(parentDisposable, () -> myListeners.remove(listener));
  }

  public void removeProcessListener(@NotNull ProcessListener listener) { myListeners.remove(listener); }

  public void notifyTextAvailable(@NotNull String text, @NotNull Key outputType) {
    fire(l -> l.onTextAvailable(new ProcessEvent(this, text), outputType));
  }

  /** Records the exit code and tells every listener once (processTerminated); waitFor returns from now on. */
  protected void notifyProcessTerminated(int exitCode) {
    synchronized (this) {
      if (myState == State.TERMINATED) return;
      myState = State.TERMINATED;
      myExitCode = exitCode;
    }
    fire(l -> l.processTerminated(new ProcessEvent(this, exitCode)));
    myTerminated.countDown();
  }

  protected void notifyProcessDetached() {
    synchronized (this) {
      if (myState == State.TERMINATED) return;
      myState = State.TERMINATED;
    }
    fire(l -> l.processTerminated(new ProcessEvent(this)));
    myTerminated.countDown();
  }

  private interface Event {
    void deliver(ProcessListener listener);
  }

  private void fire(Event event) {
    for (ProcessListener l : myListeners) event.deliver(l);
  }
}
