"""start_debug_session restart on debugpy (native adapters in
test_native.py): the current session is stopped before the launch, breakpoints and watches
stay, a refused confirmation stops nothing, and without restart nothing is stopped."""

from __future__ import annotations

import pytest
from mcp import types

from conftest import connect, line_of

pytestmark = pytest.mark.anyio


async def test_restart_replaces_the_current_session(server):
    line = line_of("nested.py", "after_loop")
    async with server() as t:
        bp = await t.ok("set_breakpoint", file_path="nested.py", line=line)
        await t.ok("add_watch", expression="discount")
        first = await t.start("Nested")
        await t.ok("set_variable", name="discount", new_value="7")
        again = await t.start("Nested", restart=True, include_variables=True)
        assert again["restarted"] == first["session_id"], again
        assert again["execution"]["new_location"]["line"] == line, again
        assert again["execution"]["breakpoints_hit"] == [bp["breakpoint_id"]], again
        # A new program: the value set in the old one is gone; the watch is the project's.
        assert [w["value"] for w in again["execution"]["watches"]] == ["4"], again
        states = {s["id"]: s["state"] for s in (await t.ok("list_debug_sessions"))["sessions"]}
        assert states == {first["session_id"]: "stopped", again["session_id"]: "paused"}, states

        # A file launch restarts too; without restart, the running session stays.
        third = await t.ok("start_debug_session", file_path="nested.py", restart=True)
        assert third["restarted"] == again["session_id"], third
        fourth = await t.start("Nested")
        assert "restarted" not in fourth, fourth
        live = [s for s in (await t.ok("list_debug_sessions"))["sessions"] if s["state"] != "stopped"]
        assert len(live) == 2, live


async def test_a_refused_restart_stops_nothing(binary, state_dir):
    answers = ["accept", "decline"]

    async def answer(context, params: types.ElicitRequestParams):
        action = answers.pop(0)
        return types.ElicitResult(action=action, content={"approve": True} if action == "accept" else None)

    async with connect(binary, state_dir, brave=False, elicitation_callback=answer) as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        first = await t.start("Nested")
        body = await t.err("start_debug_session", "confirmation_denied", configuration_name="Nested",
                           restart=True)
        assert "Restart" in body["message"], body
        assert (await t.status(session_id=first["session_id"]))["state"] == "paused"
