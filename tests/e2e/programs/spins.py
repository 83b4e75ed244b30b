"""A program that goes into C code holding the interpreter for minutes: its debugger's own
threads cannot run meanwhile (tests/reliability/test_stuck_debuggee.py)."""
import time

time.sleep(0.5)
print("spinning", flush=True)
total = sum(range(10**13))  # MARK: spins
print("done", total)
