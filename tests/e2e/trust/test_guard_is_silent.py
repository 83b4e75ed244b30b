"""The runtime guard says nothing in the program's output: pydevd warns on stderr about
anyone calling `sys.settrace` but itself, and the guard sets its hooks on every
evaluation and every hit of guarded breakpoint code. Twenty evaluations and ten hits of a
guarded condition and log message leave no such line in the output the agent reads."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import line_of

pytestmark = pytest.mark.anyio

PROGRAM = "hostile_target.py"


async def test_guarded_code_leaves_nothing_in_the_programs_output(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "round_end"),
                   condition="n > 0 and len(items) == 3")
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "probe_log"),
                   log_message="round {n} of {len(items)}", suspend_policy="none")
        await t.start("Hostile Loop")
        sentinel = Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))
        try:
            for i in range(20):
                assert (await t.ok("evaluate", expression=f"len(items) + {i}"))["side_effect_guard"] == "runtime"
            output = (await t.status()).get("output", "")  # since the program paused
            for _ in range(10):
                resumed = await t.ok("resume", timeout=20)
                assert resumed["state"] == "paused", resumed
                output += resumed.get("output") or ""
            warnings = output.count("PYDEV DEBUGGER WARNING")
            print(f"\nguard warnings in the program's output: {warnings} after 20 evaluations and 10 hits")
            assert "round " in output, output[-2000:]
            assert warnings == 0 and "sys.settrace() should not be used" not in output, output[-2000:]
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)
