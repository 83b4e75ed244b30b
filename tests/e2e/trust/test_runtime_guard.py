"""The runtime side-effect guard alone (the shim's `__jbd_guarded__`, no static guard in
front of it): the hostile corpus is evaluated through it in a plain Python process that
holds the state of tests/e2e/programs/hostile_target.py, and after each expression the
program's fingerprint must be unchanged. The only exceptions are the size bombs (one long
C operation, which only the static guard can refuse). Also: ordinary reads still run."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from test_hostile_eval import corpus

ROOT = Path(__file__).resolve().parents[3]
SHIM_DIR = ROOT / "rust" / "dap" / "src" / "adapter"
TARGET = Path(__file__).resolve().parents[1] / "programs" / "hostile_target.py"

# One C operation that runs for minutes or allocates gigabytes: no hook can stop it.
SIZE_BOMBS = {
    "10**10**8", "'a'*10**9", "[0]*10**9", "2**2**2**2**2**2", "1 << 10**9", "sum(range(10**12))",
    "list(range(10**9))", "'x'.ljust(10**9)", "'x' * 10**8",
}
# Python <= 3.11's profile hook does not see calls to classes: a class without a Python
# __init__/__new__ is instantiated unseen, and its __del__ runs after the evaluation.
# The static guard refuses calling anything but allow-listed builtins.

# The interpreters to run the guard under: this one, plus those in $JBD_GUARD_PYTHONS
# (os.pathsep-separated), e.g. other versions from 3.8 to 3.13.
PYTHONS = [sys.executable] + [p for p in os.environ.get("JBD_GUARD_PYTHONS", "").split(os.pathsep) if p]

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
