"""What the runtime guard costs breakpoint code: accumulate.py's loop (1,000 hits) runs from
a stop before it to a stop after it with no condition, with a condition the user agreed to
(run as written by the shim, only reported as busy) and with the same test under the
guard, on its plain path (numbers, strings, plain builtins) and off it (a set display);
and one evaluation, as written and guarded, on and off the plain path. Also the guard
alone, in a plain process, in a module of a few names and of hundreds. Measured in the
same run and printed as costs per hit and ratios (no timed assertion: the machine is
shared)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from conftest import ROOT, figure, harness

pytestmark = pytest.mark.anyio

PROGRAM = "accumulate.py"
HITS = 1000


async def run_to_the_end(tools, condition: str | None) -> float:
    """Seconds from the stop before the loop to the stop after it, with `condition` on
    its body (the launch is not timed)."""
    await tools.ok("remove_breakpoint", owner="agent")
    await tools.ok("set_breakpoint", file_path=PROGRAM, line=harness.line_of(PROGRAM, "accumulate_start"))
    await tools.ok("set_breakpoint", file_path=PROGRAM, line=harness.line_of(PROGRAM, "accumulate_done"))
    started = await tools.start("Accumulate", timeout=120)
    assert started["status"] == "paused", started
    if condition is not None:
        await tools.ok("set_breakpoint", file_path=PROGRAM, line=harness.line_of(PROGRAM, "accumulate"),
                       condition=condition)
    began = time.monotonic()
    done = await tools.ok("resume", timeout=120)
    took = time.monotonic() - began
    assert done["new_location"]["line"] == harness.line_of(PROGRAM, "accumulate_done"), done
    await tools.ok("stop_debug_session")
    return took


@pytest.mark.timeout(600)
async def test_the_guard_costs_little_per_hit(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:  # brave: the agreed condition
        try:
            conditions = {
                "none": None,
                # print() is no pure builtin: the user agreed (brave), so it runs as written.
                "as written": "total < 0 and print('never')",
                "guarded, plain": "total < 0 and len('never') > 0",
                "guarded, not plain": "total < 0 and len({'never'}) > 0",
            }
            runs = {name: [] for name in conditions}
            for _ in range(3):
                for name, condition in conditions.items():
                    runs[name].append(await run_to_the_end(tools, condition))
            best = {name: min(times) for name, times in runs.items()}
            per_hit = {name: (best[name] - best["none"]) / HITS * 1e6 for name in conditions}
            as_written = max(per_hit["as written"], 1)
            figure("breakpoint condition per hit (us): as written / guarded plain / not plain",
                   f"{per_hit['as written']:.0f} / {per_hit['guarded, plain']:.0f} "
                   f"(x{per_hit['guarded, plain'] / as_written:.1f}) / "
                   f"{per_hit['guarded, not plain']:.0f} "
                   f"(x{per_hit['guarded, not plain'] / as_written:.1f}); "
                   f"loop of {HITS} hits without a condition {best['none']:.2f} s")

            await tools.ok("remove_breakpoint", owner="agent")
            await tools.ok("set_breakpoint", file_path=PROGRAM, line=harness.line_of(PROGRAM, "halfway"))
            await tools.start("Accumulate")
            timings = {}
            for name, expression, arguments in [
                    ("as written", "total // 2 + len(str(i))", {"allow_side_effects": True}),
                    ("guarded, plain", "total // 2 + len(str(i))", {}),
                    ("guarded, not plain", "total // 2 + len({str(i)})", {})]:
                began = time.monotonic()
                for _ in range(50):
                    await tools.ok("evaluate", expression=expression, **arguments)
                timings[name] = (time.monotonic() - began) / 50 * 1000
            figure("evaluate round trip (ms): as written / guarded plain / not plain",
                   " / ".join(f"{timings[name]:.2f}" for name in timings))
        finally:
            await harness.tidy(tools)


SHIM_DIR = ROOT / "rust" / "dap" / "src" / "adapter"

# Times one guarded evaluation of argv[2] in a module holding argv[1] more globals (a
# module's imports, functions and constants), with the program's values checked.
MODULE_SIZE_DRIVER = r"""
import builtins, json, sys, time
extra, expression = int(sys.argv[1]), sys.argv[2]
for k in range(extra):
    globals()["name_%d" % k] = [k] if k % 2 else (lambda: k)
total, i = 10, 3
values, times = set(), []
for k in range(1500):
    began = time.perf_counter()
    values.add(builtins.__jbd_guarded__(expression))
    times.append(time.perf_counter() - began)
times.sort()
print(json.dumps([sorted(values), times[len(times) // 2] * 1e6]))
"""


def test_the_guard_costs_the_same_in_a_large_module(tmp_path):
    costs = {}
    # On the plain path, and off it (a set display).
    for expression, value in [("total + i", 13), ("total + len({i})", 11)]:
        for extra in (0, 300):
            run = subprocess.run(
                [sys.executable, "-c", MODULE_SIZE_DRIVER, str(extra), expression],
                capture_output=True, text=True, timeout=120,
                env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
            assert run.returncode == 0, run.stderr[-2000:]
            values, costs[expression, extra] = json.loads(run.stdout)
            assert values == [value], values
    figure("guarded evaluation in a module of a few / 300 more names (us)",
           "; ".join(f"{expression}: {costs[expression, 0]:.0f} / {costs[expression, 300]:.0f} "
                     f"(x{costs[expression, 300] / costs[expression, 0]:.2f})"
                     for expression in ("total + i", "total + len({i})")))
