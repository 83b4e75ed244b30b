"""A debuggee that cannot answer must not wedge the session. The program is stuck in
breakpoint code the user agreed to (brave mode): a condition spinning in C code that holds
the interpreter lock, an evaluation in C code; or in its own C code (spins.py), where nothing
but its silence and its CPU tell. While it is stuck every call answers within 1 s, the status
says what the program is doing (`busy`), pause answers, and stop ends it. Breakpoint code
looping in Python is stopped by its time budget, agreed to or not, and the session goes on.
Counted: calls that waited more than 1 s on a stuck debuggee (0)."""

from __future__ import annotations

import time

import anyio
import pytest

from conftest import figure, harness

pytestmark = pytest.mark.anyio

PROGRAM = "forever.py"
CALLS = [
    ("get_debug_session_status", {}),
    ("list_threads", {}),
    ("get_stack_trace", {}),
    ("get_variables", {}),
    ("evaluate", {"expression": "counter"}),
    ("set_breakpoint", {"file_path": "loop.py", "line": 3}),
    ("list_breakpoints", {}),
    ("pause", {"timeout": 0.5}),
    ("get_debug_session_status", {}),
]


async def timed(tools, tool: str, arguments: dict) -> tuple[float, str]:
    began = time.monotonic()
    with anyio.fail_after(60):
        result = await tools.raw(tool, arguments)
    return time.monotonic() - began, harness.text_of(result)


async def stuck_in(tools, condition: str | None, evaluation: str | None) -> dict:
    """Start forever.py paused and make it stuck (or, with neither, start spins.py and
    let it get stuck in its own C code), time every call; what was seen."""
    line = harness.line_of(PROGRAM, "forever_body")
    await tools.ok("set_breakpoint", file_path=PROGRAM, line=line)
    if condition is None and evaluation is None:
        seconds, said = await timed(tools, "start_debug_session", {"configuration_name": "Spins", "timeout": 2})
        await anyio.sleep(1)  # into its C code
    else:
        started = await tools.start("Forever")
        assert started["status"] == "paused", started
    if condition is None and evaluation is None:
        pass
    elif condition is not None:
        await tools.ok("remove_breakpoint", file_path=PROGRAM)
        await tools.ok("set_breakpoint", file_path=PROGRAM, line=line, condition=condition)
        seconds, said = await timed(tools, "resume", {"timeout": 5})
    else:
        seconds, said = await timed(tools, "evaluate", {"expression": evaluation, "allow_side_effects": True})
    seen = {"trigger": (round(seconds, 2), said[:300]), "calls": []}
    for tool, arguments in CALLS:
        seconds, said = await timed(tools, tool, arguments)
        seen["calls"].append((tool, round(seconds, 2), said[:400]))
    seconds, said = await timed(tools, "stop_debug_session", {})
    seen["calls"].append(("stop_debug_session", round(seconds, 2), said[:200]))
    await tools.ok("remove_breakpoint", file_path=PROGRAM)
    await tools.raw("remove_breakpoint", {"file_path": "loop.py"})
    return seen


@pytest.mark.parametrize("case, condition, evaluation", [
    ("condition in C code", "sum(range(10**13)) == 0", None),
    ("evaluation in C code", None, "sum(range(10**13))"),
    ("program in its own C code", None, None),
])
async def test_a_stuck_debuggee_never_wedges_the_session(binary, state_dir, case, condition, evaluation):
    async with harness.connect(binary, state_dir) as tools:  # brave: the user agreed to this code
        try:
            seen = await stuck_in(tools, condition, evaluation)
        finally:
            await harness.tidy(tools)
    slow = [(tool, seconds) for tool, seconds, _ in seen["calls"] if seconds > 1.0]
    print(f"\n{case}: trigger {seen['trigger']}")
    for tool, seconds, said in seen["calls"]:
        print(f"  {tool}: {seconds} s: {said[:240]}")
    figure(f"stuck debuggee ({case}): calls over 1 s", f"{len(slow)} of {len(seen['calls'])} {slow}")
    assert not slow, slow
    status = seen["calls"][0][2]
    if condition is not None or evaluation is not None:
        # The program's own C code is told by its silence: once a call has waited for it.
        assert '"busy"' in status, status
    else:
        assert '"busy"' in seen["calls"][-2][2], seen["calls"][-2]
    if condition is not None:
        assert "condition of bp-" in status, status


async def test_a_condition_agreed_to_looping_in_python_is_stopped_at_its_budget(binary, state_dir):
    """Agreed to (brave mode), a condition looping for ever in Python runs in the program's
    thread as written until its 1 s budget: then it is stopped, the program stops at the line,
    the stop says why, and every call answers at once."""
    async with harness.connect(binary, state_dir) as tools:
        try:
            line = harness.line_of(PROGRAM, "forever_body")
            await tools.ok("set_breakpoint", file_path=PROGRAM, line=line)
            assert (await tools.start("Forever"))["status"] == "paused"
            await tools.ok("remove_breakpoint", file_path=PROGRAM)
            bp = await tools.ok("set_breakpoint", file_path=PROGRAM, line=line,
                                condition="any(x < 0 for x in iter(int, 1))")
            began = time.monotonic()
            execution = await tools.ok("resume", timeout=5)
            while execution.get("state") != "paused" and time.monotonic() - began < 10:
                await anyio.sleep(0.2)  # it may answer `busy` while the condition runs
                status = await tools.status()
                execution = status.get("execution", status)  # busy: no execution to show
            stopped_after = time.monotonic() - began
            figure("agreed condition looping in Python: stopped after", f"{stopped_after:.2f} s")
            assert execution["state"] == "paused", execution
            said = execution["message"]
            assert (f"the condition of {bp['breakpoint_id']} was stopped by its time budget after it "
                    "ran longer than 1 s") in said, said
            assert "side-effect guard" not in said and "ran unguarded" in said, said
            seconds, said = await timed(tools, "get_variables", {})
            assert seconds < 1.0 and '"counter"' in said, (seconds, said)
        finally:
            await harness.tidy(tools)
