import sys

print("run mode says hi", flush=True)
print("to stderr", file=sys.stderr, flush=True)
x = 1  # MARK:never-stops
sys.exit(3)
