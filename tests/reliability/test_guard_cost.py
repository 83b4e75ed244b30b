"""What the runtime guard costs breakpoint code: accumulate.py's loop (1,000 hits) runs from
a stop before it to a stop after it with no condition, with a condition the user agreed to
(run as written by the shim, only reported as busy) and with the same test under the
guard; and one evaluation, plain and guarded. Measured in the same run and printed as costs per hit and ratios (no timed
assertion: the machine is shared)."""

from __future__ import annotations

import time

import pytest

from conftest import figure, harness

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
