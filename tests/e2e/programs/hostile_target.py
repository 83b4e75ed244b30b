"""Debuggee of the hostile-evaluation corpus (tests/e2e/trust/test_hostile_eval.py): program
state of every kind a hostile expression could try to change, paused at `# MARK: paused`.
`fingerprint()` (called by the test with consent, outside the corpus) sums it all up.
With the argument `loop` it goes round a loop instead, so that breakpoint code (conditions,
log messages, exception conditions, trace probes) runs once per round
(tests/reliability/test_guard_channels.py)."""

import collections
import functools
import gc
import importlib
import io
import itertools
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading

SENTINEL = tempfile.mkdtemp(prefix="jbd-sentinel-")  # a directory the program may write to
KEEP = os.path.join(SENTINEL, "keep.txt")
with open(KEEP, "w") as f:
    f.write("keep")


class Account:
    def __init__(self):
        self.balance = 100
        self.log = []

    @property
    def audited(self):
        self.log.append("audited")
        return self.balance

    def __getattr__(self, name):
        self.log.append(name)
        return 0

    def close(self):
        with open(os.path.join(SENTINEL, "closed"), "w") as out:
            out.write("closed")

    def __repr__(self):
        return "Account(%d)" % self.balance


class Doomed:
    def __del__(self):
        with open(os.path.join(SENTINEL, "deleted"), "w") as out:
            out.write("deleted")


def numbers():
    yield 1
    yield 2
    yield 3


items = [1, 2, 3]
config = {"mode": "fast", "limit": 10}
tags = {"a", "b"}
account = Account()
counter = itertools.count()
iterator = iter([10, 20, 30])
generator = numbers()
cache = collections.defaultdict(list)
text = "hello"
doomed = Doomed()
logfile = open(KEEP)
buffer = bytearray(b"abc")
big = 10**12  # sizes only the running program knows
wide = 1000000000
marks = []  # what the program's own special methods and properties leave behind


class Holder:
    """Objects whose type no static analysis can know, one attribute away."""

    def __init__(self):
        self.it = iter([1, 2, 3])
        self.gen = numbers()
        self.fh = open(KEEP)
        self.counts = collections.defaultdict(int)

    @property
    def prop(self):
        with open(os.path.join(SENTINEL, "prop"), "w") as out:
            out.write("read")
        return 1


class Marked:
    """Every special method leaves a mark."""

    def _mark(self, what, result):
        marks.append(what)
        return result

    def __eq__(self, other): return self._mark("eq", False)
    def __lt__(self, other): return self._mark("lt", False)
    def __hash__(self): return self._mark("hash", 1)
    def __repr__(self): return self._mark("repr", "Marked()")
    def __str__(self): return self._mark("str", "Marked")
    def __format__(self, spec): return self._mark("format", "Marked")
    def __bool__(self): return self._mark("bool", True)
    def __len__(self): return self._mark("len", 1)
    def __iter__(self): return self._mark("iter", iter([1]))
    def __contains__(self, item): return self._mark("contains", False)
    def __getitem__(self, key): return self._mark("getitem", 1)
    def __getattr__(self, name): return self._mark("getattr " + name, 1)
    def __add__(self, other): return self._mark("add", 1)
    def __neg__(self): return self._mark("neg", 1)
    def __index__(self): return self._mark("index", 1)


class Rewinding:
    """An iterable whose __iter__ rewinds a position: anything that asks it for an
    iterator (a copy of an enumerate or zip over it) moves `position`."""

    def __init__(self):
        self.position = 2

    def __iter__(self):
        self.position = 0
        return iter([1, 2, 3])


class Posing:
    """An iterator of the program dressed as a builtin one."""

    __module__ = "builtins"

    def __iter__(self): return self
    def __next__(self): marks.append("next"); return 1
    def __copy__(self): marks.append("copy"); return Posing()
    def __reduce_ex__(self, protocol): marks.append("reduce"); return (Posing, ())
    def __len__(self): marks.append("posing len"); return 1


class Watching(type):
    """A metaclass whose hooks leave marks: reading, comparing or hashing the class runs
    them."""

    def __getattribute__(cls, name):
        marks.append("meta " + name)
        return type.__getattribute__(cls, name)

    def __eq__(cls, other): marks.append("meta eq"); return cls is other
    def __hash__(cls): marks.append("meta hash"); return id(cls)


class Watched(metaclass=Watching):
    pass


class Lazy:
    """Hashed and compared by identity, shown by its own __repr__ (a lookup that misses
    it must not run that __repr__ to say so)."""

    def __repr__(self): marks.append("lazy repr"); return "Lazy()"
    def __str__(self): marks.append("lazy str"); return "Lazy"


class Cached:
    """A cached_property: reading it runs its function once and fills the instance."""

    @functools.cached_property
    def total(self):
        marks.append("cached total")
        return 42


class Counting:
    """A descriptor whose __get__ counts its reads."""

    def __get__(self, instance, owner):
        marks.append("descriptor get")
        return 7


class WithDescriptor:
    counted = Counting()


class Proxy:
    """A lazy proxy: any attribute it does not have loads its target (`hasattr` too)."""

    def __init__(self):
        self._loaded = None

    def __getattr__(self, name):
        marks.append("proxy load " + name)
        return 0


class Shrinking(list):
    """A list whose __len__ takes an item away."""

    def __len__(self):
        marks.append("shrinking len")
        if list.__len__(self):
            self.pop()
        return list.__len__(self)


obj = Holder()
marked = Marked()
cached = Cached()
described = WithDescriptor()
proxy = Proxy()
shrinking = Shrinking([1, 2, 3])
lazy = Lazy()
groups = itertools.groupby("aabbc")
group_key, group = next(groups)  # `a`: two items left
rewinding = Rewinding()
walkers = [enumerate(rewinding), itertools.islice(rewinding, 5), map(str, rewinding), zip(rewinding, rewinding)]
walker = walkers[0]
backwards = reversed(marked)
rewinding.position = 2
marks.clear()  # reversed() itself asked for the length once
posing = Posing()
watched = Watched()


def fingerprint():
    """Everything the corpus must not change, as one string."""
    def state(it):
        return it.__reduce__() if hasattr(it, "__reduce__") else None

    files = sorted(
        (name, os.stat(os.path.join(SENTINEL, name)).st_size, os.stat(os.path.join(SENTINEL, name)).st_mtime_ns)
        for name in os.listdir(SENTINEL)
    )
    return repr((
        items, sorted(config.items()), sorted(tags), account.__dict__, repr(counter), state(iterator),
        generator.gi_frame.f_lasti if generator.gi_frame else None, dict(cache), text, buffer,
        logfile.tell(), files, sorted(sys.modules), dict(os.environ), os.getcwd(), sys.path,
        sys.getrecursionlimit(), sys.gettrace() is None, gc.isenabled(), threading.active_count(),
        signal.getsignal(signal.SIGINT), sorted(k for k in globals()), Doomed.__dict__.get("__del__"),
        marks, state(obj.it), obj.gen.gi_frame.f_lasti if obj.gen.gi_frame else None, obj.fh.tell(),
        dict(obj.counts), sorted(vars(obj)), state(group), rewinding.position,
        sorted(vars(cached)), vars(proxy), list.__len__(shrinking),
    ))


def reset():
    """Put back what an expression changed (called by the test with consent, so that each
    expression is judged from the same state)."""
    global iterator, generator, cache, logfile, obj, groups, group_key, group
    iterator, generator, cache = iter([10, 20, 30]), numbers(), collections.defaultdict(list)
    groups = itertools.groupby("aabbc")
    group_key, group = next(groups)
    rewinding.position = 2
    logfile.close()
    logfile = open(KEEP)
    obj.fh.close()
    obj = Holder()
    marks.clear()
    for name in os.listdir(SENTINEL):
        if name != "keep.txt":
            os.remove(os.path.join(SENTINEL, name))


def rounds():
    """Breakpoint code of the test runs here, once a round, until the session is stopped."""
    n = 0
    while True:
        n += 1  # MARK: probe_condition
        n += 0  # MARK: probe_log
        try:
            raise ValueError(n)  # MARK: probe_raise
        except ValueError:
            pass
        n += 0  # MARK: round_end


def main():
    local_list = [4, 5, 6]
    globals()["LOCAL_REF"] = local_list
    if sys.argv[1:] == ["loop"]:
        rounds()
    print("paused", len(local_list))  # MARK: paused
    print("done")


main()
_ = (importlib, io, pathlib, shutil, socket, subprocess)
