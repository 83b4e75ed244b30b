"""Forks two children (plain Python processes that sleep, found by FORK_SECONDS) and
starts two threads, then waits at a mark: stopping must leave none of them behind."""
import os
import threading
import time

FORK_SECONDS = 271.3  # tests find the forked children by this figure


def child():
    time.sleep(FORK_SECONDS)
    os._exit(0)


children = []
for _ in range(2):
    pid = os.fork()
    if pid == 0:
        child()
    children.append(pid)
threads = [threading.Thread(target=time.sleep, args=(FORK_SECONDS,), daemon=True) for _ in range(2)]
for t in threads:
    t.start()
started = len(children) + len(threads)  # MARK: forks_ready
while True:
    time.sleep(0.05)
