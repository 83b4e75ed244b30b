import sys

print("hello from stdout")
print("warning on stderr", file=sys.stderr)
sys.exit(3)
