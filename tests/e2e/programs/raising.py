"""Raises and catches a ValueError six times, with i = 0..5 (exception conditions)."""


def fail(i):
    raise ValueError(f"attempt {i}")  # MARK: raise_each


for i in range(6):
    try:
        fail(i)
    except ValueError:
        pass
print("raised six times")  # MARK: raising_done
