"""Starts a grandchild that leaves the session: fork, setsid, fork again, and the
middle process exits at once (the classic daemon double fork). The grandchild is in
its own session and process group, re-parented away from the debuggee, and runs a
program that is not Python (`sleep 313.7`, so debugpy does not follow it)."""

import os
import sys
import time

GRANDCHILD_SECONDS = "313.7"  # tests find the grandchild by this argument


def start_daemon():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", GRANDCHILD_SECONDS])  # MARK: daemon_sleeps
        os._exit(0)


if __name__ == "__main__":
    start_daemon()
    os.wait()
    print("daemon started", flush=True)
    if "--crash" in sys.argv:
        time.sleep(1)
        raise SystemExit("the parent crashes, its daemon lives on")  # MARK: parent_crashes
    while True:
        time.sleep(0.1)  # MARK: parent_loops
