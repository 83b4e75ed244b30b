"""What a call asks the debugger, read from the account the server hands back with each
answer when it runs with JETBRAINS_DEBUGGER_PROFILE_CALLS=1 (each DAP request it sent):
a stack of a thread already seen in the session is answered without reading the thread
list again, with the same thread named."""

from __future__ import annotations

import pytest

from conftest import connect, line_of

pytestmark = pytest.mark.anyio

PROFILE = {"JETBRAINS_DEBUGGER_PROFILE_CALLS": "1"}


async def requests_of(tools, name: str, **arguments) -> tuple[dict, list[str]]:
    """A call's answer and the DAP requests it sent, in order."""
    result = await tools.raw(name, arguments)
    assert not result.is_error, result
    marks = (result.meta or {})["jetbrains-debugger/profile"]["marks"]
    return result.structured_content, [m[0] for m in marks if m[0].startswith("dap:")]


async def test_the_stack_of_a_thread_already_seen_reads_no_thread_list(binary, state_dir):
    async with connect(binary, state_dir, env=PROFILE) as tools:
        await tools.ok("set_breakpoint", file_path="forever.py", line=line_of("forever.py", "forever_body"))
        started = await tools.start("Forever")
        assert started["status"] == "paused", started
        first, asked = await requests_of(tools, "get_stack_trace")
        assert "dap:threads" in asked, asked
        await tools.ok("step_over")
        again, asked = await requests_of(tools, "get_stack_trace")
        assert "dap:threads" not in asked, asked
        assert (again["thread"], again["thread_id"]) == (first["thread"], first["thread_id"]) == (
            "MainThread", first["thread_id"])
        await tools.ok("stop_debug_session", session_id=started["session_id"])
