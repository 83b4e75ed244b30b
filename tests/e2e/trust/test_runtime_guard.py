"""The runtime side-effect guard alone (the shim's `__jbd_guarded__`, no static guard in
front of it): the hostile corpus is evaluated through it in a plain Python process that
holds the state of tests/e2e/programs/hostile_target.py, and after each expression the
program's fingerprint must be unchanged. The only exceptions are the size bombs (one long
C operation, which only the static guard can refuse). Also: ordinary reads still run."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from helpers.hostile import PYTHONS, SHIM_DIR, TARGET, corpus


# One C operation that runs for minutes or allocates gigabytes: no hook can stop it.
SIZE_BOMBS = {
    "10**10**8", "'a'*10**9", "[0]*10**9", "2**2**2**2**2**2", "1 << 10**9", "sum(range(10**12))",
    "list(range(10**9))", "'x'.ljust(10**9)", "'x' * 10**8",
}
# Python <= 3.11's profile hook does not see calls to classes: a class without a Python
# __init__/__new__ is instantiated unseen, and its __del__ runs after the evaluation.
# The static guard refuses calling anything but allow-listed builtins.


DRIVER = r"""
import json, runpy, sys
target = runpy.run_path(sys.argv[1], run_name="hostile_target")
fingerprint = target["fingerprint"]
results = []


def show(value):
    # The value as shown without running program code: its repr under the guard.
    try:
        return __jbd_guarded__("repr(value)")
    except Exception:
        return "<%s object>" % type(value).__name__


for expression in json.loads(sys.stdin.read()):
    before = fingerprint()
    try:
        value = show(eval("__jbd_guarded__(%s)" % json.dumps(expression), target))
        outcome = "ran"
    except Exception as error:
        outcome = "refused" if type(error).__name__ == "SideEffectsNotAllowed" else "failed"
        value = "%s: %s" % (type(error).__name__, error)
    after = fingerprint()
    results.append([expression, outcome, before == after, value])
    sys.stdout.flush()
print(json.dumps(results))
print(json.dumps(target["SENTINEL"]))
"""


@pytest.mark.parametrize("python", PYTHONS)
def test_the_runtime_guard_alone_keeps_the_program_unchanged(python, tmp_path):
    expressions = [e for e in corpus() if e not in SIZE_BOMBS]
    results, _ = evaluate_in_target(python, expressions, tmp_path)
    outcomes = Counter(outcome for _, outcome, _, _ in results)
    changed = {e for e, _, unchanged, _ in results if not unchanged}
    print(f"\nruntime guard alone ({python}): {len(results)} expressions: " +
          ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())) +
          f"; changed the program: {sorted(changed)}")
    assert len(results) == len(expressions)
    assert not changed, sorted(changed)


BENIGN = {
    "len(items)": "3", "sorted(config.items())": "[('limit', 10), ('mode', 'fast')]",
    "[x * 2 for x in items]": "[2, 4, 6]", "dict(zip('ab', items))": "{'a': 1, 'b': 2}",
    "list(enumerate(items))[0]": "(0, 1)", "max(items, key=lambda v: -v)": "1",
    "sum(x for x in items)": "6", "f'{text!r:>9}'": "\"  'hello'\"", "'%s!' % text": "'hello!'",
    "account.balance": "100", "account.log": "[]", "type(account).__name__": "'Account'",
    "config['mode'].upper()": "'FAST'", "text.split('l')": "['he', '', 'o']",
    "isinstance(items, list)": "True", "os.sep": "'/'", "sys.version_info[:1]": "(3,)",
    "{k: v for k, v in config.items()}": "{'mode': 'fast', 'limit': 10}", "items[::-1]": "[3, 2, 1]",
    "any(i > 2 for i in items)": "True", "list(reversed(items))": "[3, 2, 1]", "sorted(tags)": "['a', 'b']",
    "buffer.decode()": "'abc'", "sorted(items, key=str)": "[1, 2, 3]", "config.get('limit', 0) + 1": "11",
    "[y for x in [items, LOCAL_REF] for y in x if y % 2]": "[1, 3, 5]", "divmod(7, 2)": "(3, 1)",
    "repr(text)": "\"'hello'\"", "'items' in dir()": "True", "vars()['text']": "'hello'",
    # The defaultdict read as a plain copy, also where only nested code (a comprehension,
    # a lambda) names it.
    "cache": "{}", "[cache for _ in '1']": "[{}]", "(lambda: cache)()": "{}", "min(tags)": "'a'", "', '.join(map(str, items))": "'1, 2, 3'",
}


@pytest.mark.parametrize("python", PYTHONS)
def test_the_runtime_guard_lets_reads_run(python, tmp_path):
    results, _ = evaluate_in_target(python, list(BENIGN), tmp_path)
    got = {expression: value for expression, _, _, value in results}
    assert got == BENIGN


def evaluate_in_target(python: str, expressions: list[str], tmp_path: Path) -> tuple[list, Path]:
    """[expression, outcome, unchanged, value or error] for each; the sentinel is removed."""
    run = subprocess.run(
        [python, "-c", DRIVER, str(TARGET)],
        input=json.dumps(expressions), capture_output=True, text=True, timeout=300,
        env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    lines = run.stdout.strip().splitlines()
    sentinel = Path(json.loads(lines[-1]))
    shutil.rmtree(sentinel, ignore_errors=True)
    return json.loads(lines[-2]), sentinel


# The plain path: operators, plain builtins and methods over numbers and strings run in
# the caller's thread without the profile. What only looks plain must still go the
# guarded way and be refused: a value of the program's own type (a str subclass too),
# a builtin the program shadowed or replaced, a method that runs Python code (a codec,
# an error handler).
PLAIN_DRIVER = r"""
import builtins, codecs, json, sys
marks = []

class Loud:
    def __add__(self, other): marks.append("add"); return 1
    __radd__ = __add__
    def __eq__(self, other): marks.append("eq"); return True
    def __lt__(self, other): marks.append("lt"); return True
    __gt__ = __lt__
    def __contains__(self, item): marks.append("contains"); return True
    def __len__(self): marks.append("len"); return 1
    def __index__(self): marks.append("index"); return 1
    def __bool__(self): marks.append("bool"); return True
    __hash__ = object.__hash__

class Text(str):
    def upper(self): marks.append("upper"); return "X"
    def __add__(self, other): marks.append("text add"); return "X"

def noisy(*args):
    marks.append("noisy")
    return 0

def handler(error):
    marks.append("handler")
    return ("?", error.end)

codecs.register_error("noisy", handler)
plain = {"total": 10, "i": 3, "text": "hello", "none": None, "__builtins__": builtins}
namespaces = {
    "program": dict(plain, loud=Loud(), subtext=Text("hi")),
    "shadowed": dict(plain, len=noisy, abs=noisy),
    "replaced": plain,
}
results = []
for where, source, purpose in json.loads(sys.stdin.read()):
    original = builtins.sorted
    if where == "replaced":
        builtins.sorted = noisy
    try:
        value = repr(eval("__jbd_guarded__(%s, %s)" % (json.dumps(source), json.dumps(purpose)),
                          namespaces[where]))
        outcome = "ran"
    except Exception as error:
        outcome = "refused" if type(error).__name__ == "SideEffectsNotAllowed" else "failed"
        value = type(error).__name__
    finally:
        builtins.sorted = original
    results.append([where, source, purpose, outcome, value, marks[:]])
    del marks[:]
print(json.dumps(results))
"""

PLAIN = [
    ("program", "total + i", "value", "13"),
    ("program", "total * 2 > i and text[1:3] == 'el'", "value", "True"),
    ("program", "len(text) * 2 + abs(-i)", "value", "13"),
    ("program", "text.upper().split('L')", "value", "['HE', '', 'O']"),
    ("program", "(divmod(total, i), [none, b'x' * 2], -total if text else 0)", "value",
     "((3, 1), [None, b'xx'], -10)"),
    ("program", "sorted(text)[0] + str(total.real)", "value", "'e10'"),
    ("program", "total > 5", "condition", "True"),
    ("program", "total + i", "log", "'13'"),
    ("program", "'x' * 10**9", "value", "SideEffectsNotAllowed"),  # sizes are judged as ever
    ("program", "1 / (total - 10)", "value", "ZeroDivisionError"),
]
LOOKS_PLAIN = [
    ("program", "loud + 1"), ("program", "1 + loud"), ("program", "loud == 1"),
    ("program", "i < loud"), ("program", "i in loud"), ("program", "len(loud)"),
    ("program", "text * loud"), ("program", "not loud"), ("program", "[1, 2][loud]"),
    ("program", "subtext + 'x'"), ("program", "subtext.upper()"),
    ("program", "text.encode('cp1252')"), ("program", "b'hi'.decode('cp1252')"),
    ("program", "'h\u00e9'.encode('ascii', 'noisy')"),
    ("shadowed", "len(text)"), ("shadowed", "abs(total) + 1"), ("replaced", "sorted(text)"),
]


@pytest.mark.parametrize("python", PYTHONS)
def test_the_plain_path_runs_plain_reads_and_nothing_else(python, tmp_path):
    cases = [[where, source, purpose] for where, source, purpose, _ in PLAIN]
    cases += [[where, source, purpose] for where, source in LOOKS_PLAIN
              for purpose in ("value", "condition")]
    run = subprocess.run(
        [python, "-c", PLAIN_DRIVER], input=json.dumps(cases), capture_output=True, text=True,
        timeout=300, env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    results = json.loads(run.stdout)
    assert [r[:3] for r in results] == cases
    for (where, source, purpose, expected), (*_, outcome, value, marks) in zip(PLAIN, results):
        assert (value, marks) == (expected, []), (source, purpose, outcome)
    for where, source, purpose, outcome, value, marks in results[len(PLAIN):]:
        if purpose == "condition":
            # A refused condition holds: the program stops there, and the stop says why.
            assert (outcome, value, marks) == ("ran", "True", []), (where, source)
        else:
            assert (outcome, marks) == ("refused", []), (where, source, value)
