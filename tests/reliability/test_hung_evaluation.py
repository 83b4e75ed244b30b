"""An evaluation that outlives its timeout (10 s, the DAP request limit) must not wedge
the session: later calls answer at once (`evaluation_running`, naming it), `pause`
reports where the session stands and `stop_debug_session` ends it."""

from __future__ import annotations

import time

import anyio
import pytest

from conftest import figure, harness

pytestmark = pytest.mark.anyio


async def test_a_hung_evaluation_leaves_the_session_usable(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:  # brave: the evaluation may run
        try:
            await tools.ok("set_breakpoint", file_path="short.py", line=harness.line_of("short.py", "short"))
            started = await tools.start("Short")
            assert started["status"] == "paused", started
            with anyio.fail_after(30):
                body = await tools.err("evaluate", "timeout", expression="__import__('time').sleep(600)",
                                       allow_side_effects=True)
            assert "evaluation_running" in body["message"], body

            timings = {}
            for tool, arguments, code in [
                ("evaluate", {"expression": "x"}, "evaluation_running"),
                ("get_variables", {}, "evaluation_running"),
                ("step_over", {"timeout": 5}, "evaluation_running"),
            ]:
                began = time.monotonic()
                with anyio.fail_after(5):
                    answer = await tools.err(tool, code, **arguments)
                timings[tool] = round((time.monotonic() - began) * 1000)
                assert "sleep(600)" in answer["message"], answer
            began = time.monotonic()
            with anyio.fail_after(5):
                status = await tools.raw("get_debug_session_status", {})
            timings["get_debug_session_status"] = round((time.monotonic() - began) * 1000)
            text = harness.text_of(status)
            assert ('"evaluation_running"' in text) if status.is_error else ('"paused"' in text), text
            began = time.monotonic()
            with anyio.fail_after(5):
                paused = await tools.ok("pause")
            timings["pause"] = round((time.monotonic() - began) * 1000)
            assert paused["state"] == "paused" and "sleep(600)" in paused["message"], paused
            began = time.monotonic()
            with anyio.fail_after(15):
                stopped = await tools.ok("stop_debug_session")
            timings["stop_debug_session"] = round((time.monotonic() - began) * 1000)
            assert stopped["status"] == "stopped", stopped
            figure("answers during a hung evaluation ms", timings)
        finally:
            await harness.tidy(tools)
