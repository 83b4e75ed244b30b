"""Small Python and C projects whose configurations a fault test launches: `Loop` stops at a
marked line, `Exits` ends before any stop, `Fake` gets the fake adapter (tests/e2e/fakes/)
under `fake_adapter_env`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from helpers.native import mark

E2E = Path(__file__).resolve().parents[1]
FAKES = E2E / "fakes"


@dataclass(frozen=True)
class Project:
    kind: str
    root: Path
    loop_file: Path          # where the Loop configuration stops
    loop_line: int
    last_output: str         # the Exits configuration's last output line
    exit_code: int
    fake_path: bool          # the fake adapter is found on PATH (else named by launch.json)


def python_project(root: Path) -> Project:
    (root / ".vscode").mkdir(parents=True)
    (root / "loop.py").write_text(textwrap.dedent("""\
        import time
        total = 0
        for i in range(10000):
            total += i  # MARK: loop
            time.sleep(0.01)
        """))
    (root / "exits.py").write_text('print("bye from python")\nraise SystemExit(3)\n')
    entry = {"type": "debugpy", "request": "launch", "console": "internalConsole"}
    configs = [
        {**entry, "name": "Loop", "program": "${workspaceFolder}/loop.py"},
        {**entry, "name": "Exits", "program": "${workspaceFolder}/exits.py"},
        {**entry, "name": "Fake", "program": "${workspaceFolder}/loop.py", "python": str(FAKES / "python")},
    ]
    (root / ".vscode" / "launch.json").write_text(json.dumps({"version": "0.2.0", "configurations": configs}))
    return Project("python", root, root / "loop.py", mark(root / "loop.py", "loop"), "bye from python", 3, False)


def c_project(root: Path) -> Project:
    shutil.copytree(E2E / "native" / "c", root)
    (root / "build").mkdir()
    subprocess.run(("gcc", "-g", "-O0", "-o", "build/cart", "cart.c"), cwd=root, check=True, timeout=120)
    entry = {"type": "lldb-dap", "request": "launch", "program": "${workspaceFolder}/build/cart"}
    # The cart prints its subtotal and returns 3; the fake lldb-dap is the one on PATH.
    configs = [{**entry, "name": name} for name in ("Loop", "Exits", "Fake")]
    (root / ".vscode" / "launch.json").write_text(json.dumps({"version": "0.2.0", "configurations": configs}))
    return Project("c", root, root / "cart.c", mark(root / "cart.c", "line_total"), "subtotal 17.00", 3, True)


def fake_adapter_env(project: Project, **extra: str) -> dict[str, str]:
    """The server's environment under which the Fake configuration gets the fake adapter."""
    env = {"REAL_PYTHON": sys.executable, **extra}
    if project.fake_path:
        env["PATH"] = f"{FAKES}{os.pathsep}{os.environ['PATH']}"
    return env
