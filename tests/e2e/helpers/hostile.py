"""The hostile corpora (`hostile_expressions.jsonl`, `hostile_objects.jsonl`: expressions that
try to change the program or run away) and what runs the runtime guard outside a debugger: the
shim's folder, the target program, the interpreters to run it under."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

E2E = Path(__file__).resolve().parents[1]
CORPUS = E2E / "hostile_expressions.jsonl"
# Program objects no static analysis can type: iterators, files, format/percent, properties,
# special methods, exhaustion, never-ending code (also run on every channel by
# tests/reliability/test_guard_channels.py).
OBJECTS_CORPUS = E2E / "hostile_objects.jsonl"
SHIM_DIR = E2E.parents[1] / "rust" / "dap" / "src" / "adapter"
TARGET = E2E / "programs" / "hostile_target.py"
# The interpreters to run the guard under: this one, plus those in $JBD_GUARD_PYTHONS
# (os.pathsep-separated), e.g. other versions from 3.8 to 3.13.
PYTHONS = [sys.executable] + [p for p in os.environ.get("JBD_GUARD_PYTHONS", "").split(os.pathsep) if p]


def corpus() -> list[str]:
    """Every expression of both corpora, once."""
    expressions = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    for line in OBJECTS_CORPUS.read_text(encoding="utf-8").splitlines():
        if line.strip() and json.loads(line)["expression"] not in expressions:
            expressions.append(json.loads(line)["expression"])
    return expressions
