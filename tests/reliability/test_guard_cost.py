"""What the runtime guard costs breakpoint code: accumulate.py's loop (1,000 hits) runs from
a stop before it to a stop after it with no condition, with a condition the user agreed to
(run as written by the shim, only reported as busy) and with the same test under the
guard; and one evaluation, plain and guarded. Also the guard alone, in a plain process, in
a module of a few names and of hundreds. Measured in the same run and printed as costs per
hit and ratios (no timed assertion: the machine is shared)."""

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
            runs = {"none": [], "as written": [], "guarded": []}
            for _ in range(3):
                runs["none"].append(await run_to_the_end(tools, None))
                # print() is no pure builtin: the user agreed (brave), so it runs as written.
                runs["as written"].append(await run_to_the_end(tools, "total < 0 and print('never')"))
                runs["guarded"].append(await run_to_the_end(tools, "total < 0 and len('never') > 0"))
            best = {name: min(times) for name, times in runs.items()}
            as_written = (best["as written"] - best["none"]) / HITS * 1e6
            guarded = (best["guarded"] - best["none"]) / HITS * 1e6
            figure("breakpoint condition per hit (us): as written / guarded",
                   f"{as_written:.0f} / {guarded:.0f} (x{guarded / max(as_written, 1):.1f}); "
                   f"loop of {HITS} hits without a condition {best['none']:.2f} s")

            await tools.ok("remove_breakpoint", owner="agent")
            await tools.ok("set_breakpoint", file_path=PROGRAM, line=harness.line_of(PROGRAM, "halfway"))
            await tools.start("Accumulate")
            timings = {}
            for name, arguments in [("guarded", {}), ("as written", {"allow_side_effects": True})]:
                began = time.monotonic()
                for _ in range(50):
                    await tools.ok("evaluate", expression="total // 2 + len(str(i))", **arguments)
                timings[name] = (time.monotonic() - began) / 50 * 1000
            figure("evaluate round trip (ms): as written / guarded",
                   f"{timings['as written']:.1f} / {timings['guarded']:.1f} "
                   f"(x{timings['guarded'] / timings['as written']:.2f})")
        finally:
            await harness.tidy(tools)


SHIM_DIR = ROOT / "rust" / "dap" / "src" / "adapter"

# Times one guarded evaluation in a module holding `extra` more globals (a module's
# imports, functions and constants), with the program's values checked.
MODULE_SIZE_DRIVER = r"""
import builtins, json, sys, time
extra = int(sys.argv[1])
for k in range(extra):
    globals()["name_%d" % k] = [k] if k % 2 else (lambda: k)
total, i = 10, 3
values, times = set(), []
for k in range(1500):
    began = time.perf_counter()
    values.add(builtins.__jbd_guarded__("total + i"))
    times.append(time.perf_counter() - began)
times.sort()
print(json.dumps([sorted(values), times[len(times) // 2] * 1e6]))
"""


def test_the_guard_costs_the_same_in_a_large_module(tmp_path):
    costs = {}
    for extra in (0, 300):
        run = subprocess.run(
            [sys.executable, "-c", MODULE_SIZE_DRIVER, str(extra)], capture_output=True, text=True,
            timeout=120, env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
        assert run.returncode == 0, run.stderr[-2000:]
        values, costs[extra] = json.loads(run.stdout)
        assert values == [13], values
    figure("guarded evaluation in a module of a few / 300 more names (us)",
           f"{costs[0]:.0f} / {costs[300]:.0f} (x{costs[300] / costs[0]:.2f})")
