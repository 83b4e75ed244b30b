import sys


def explode():
    raise RuntimeError("boom")  # MARK:raise


print("about to crash", flush=True)
sys.stdout.flush()
explode()
