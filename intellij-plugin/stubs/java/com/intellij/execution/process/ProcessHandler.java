// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/execution/process/ProcessHandler.java
// Upstream: commit not reported (index file id 5803808081, text (c) 2000-2017, the newest of 5 texts found; 252 line inferred)
// Body: as upstream: startNotify once; destroyProcess/detachProcess and the end of the process wait for startNotify (TasksRunner); processWillTerminate(willBeDestroyed) before processTerminated on every end (also a natural exit: notifyProcessTerminated); detaching ends with exit code 0; waitFor; events on the calling thread.
package com.intellij.execution.process;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.util.Disposer;
import com.intellij.openapi.util.Key;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

public abstract class ProcessHandler {
  private enum State { INITIAL, RUNNING, TERMINATING, TERMINATED }

  private final List<ProcessListener> myListeners = new CopyOnWriteArrayList<>();
  private final CountDownLatch myTerminated = new CountDownLatch(1);
  private final AtomicReference<State> myState = new AtomicReference<>(State.INITIAL);
  private final List<Runnable> myPendingTasks = new ArrayList<>();
  private volatile @Nullable Integer myExitCode;

  /** RUNNING, then listeners hear startNotified, then what waited for it runs (TasksRunner.startNotified). */
  public void startNotify() {
    if (!myState.compareAndSet(State.INITIAL, State.RUNNING)) return;
    fire(l -> l.startNotified(new ProcessEvent(this)));
    runPendingTasks();
  }

  protected abstract void destroyProcessImpl();

  protected abstract void detachProcessImpl();

  public abstract boolean detachIsDefault();

  public abstract @Nullable OutputStream getProcessInput();

  /** Destroys the process once start is notified, or postpones it until then: processWillTerminate(true), then destroyProcessImpl. */
  public void destroyProcess() {
    afterStartNotified(() -> {
      if (myState.compareAndSet(State.RUNNING, State.TERMINATING)) {
        fire(l -> l.processWillTerminate(new ProcessEvent(this), true));
        destroyProcessImpl();
      }
    });
  }

  public void detachProcess() {
    afterStartNotified(() -> {
      if (myState.compareAndSet(State.RUNNING, State.TERMINATING)) {
        fire(l -> l.processWillTerminate(new ProcessEvent(this), false));
        detachProcessImpl();
      }
    });
  }

  public boolean isProcessTerminated() { return myState.get() == State.TERMINATED; }

  public boolean isProcessTerminating() { return myState.get() == State.TERMINATING; }

  public boolean isStartNotified() { return myState.get() != State.INITIAL; }

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

  /** The process ended: processWillTerminate(true) if no one asked it to end, then processTerminated(exitCode), once. */
  protected void notifyProcessTerminated(int exitCode) { notifyTerminated(exitCode, true); }

  protected void notifyProcessDetached() { notifyTerminated(0, false); }

  private void notifyTerminated(int exitCode, boolean willBeDestroyed) {
    afterStartNotified(() -> {
      if (myState.compareAndSet(State.RUNNING, State.TERMINATING)) {
        fire(l -> l.processWillTerminate(new ProcessEvent(this), willBeDestroyed));
      }
      if (myState.compareAndSet(State.TERMINATING, State.TERMINATED)) {
        myExitCode = exitCode;
        try {
          fire(l -> l.processTerminated(new ProcessEvent(this, exitCode)));
        }
        finally {
          myTerminated.countDown();
        }
      }
    });
  }

  /** TasksRunner.execute: now when start is notified, else when it is. */
  private void afterStartNotified(Runnable task) {
    if (isStartNotified()) {
      task.run();
      return;
    }
    synchronized (myPendingTasks) {
      myPendingTasks.add(task);
    }
    if (isStartNotified()) runPendingTasks();
  }

  private void runPendingTasks() {
    List<Runnable> tasks;
    synchronized (myPendingTasks) {
      tasks = new ArrayList<>(myPendingTasks);
      myPendingTasks.clear();
    }
    for (Runnable task : tasks) task.run();
  }

  private interface Event {
    void deliver(ProcessListener listener);
  }

  private void fire(Event event) {
    for (ProcessListener l : myListeners) event.deliver(l);
  }
}
