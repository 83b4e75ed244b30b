"""Prints a tick every `pause` seconds (argv[1], default 0.2) and never ends: a program
that keeps an execution tool waiting while its output grows."""

import sys
import time

pause = float(sys.argv[1]) if len(sys.argv) > 1 else 0.2
tick = 0
while True:
    tick += 1
    print(f"tick {tick}", flush=True)  # MARK: tick
    time.sleep(pause)  # MARK: tick_sleep
    if tick < 0:
        print("never")  # MARK: never_reached
