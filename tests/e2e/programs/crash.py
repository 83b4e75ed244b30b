def explode(depth):
    if depth == 0:
        raise RuntimeError("kaboom from crash.py")  # MARK: crash_raise
    explode(depth - 1)


print("about to crash", flush=True)
explode(3)
print("never printed")
