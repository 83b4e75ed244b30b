"""The server's `instructions` (the short guide a client gives its model once per session)
reach the official SDK on both protocol generations (`initialize` on 2025-11-25,
`server/discover` on 2026-07-28) and both transports, stay within 1,500 bytes, and name
tools and parameters the same server lists."""

from __future__ import annotations

import re

import pytest

from conftest import MODES, TRANSPORTS, connect

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_the_guide_arrives_and_names_what_is_listed(binary, state_dir, transport, mode):
    async with connect(binary, state_dir, transport=transport, mode=mode) as t:
        guide = t.client.instructions
        assert guide is not None and guide.startswith("Debug the user's program or tests in their JetBrains IDE"), guide
        assert len(guide.encode()) <= 1500, len(guide.encode())
        listed = {tool.name: tool for tool in (await t.client.list_tools()).tools}
        named = set(re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", guide))
        tools = named & listed.keys()
        parameters = {p for tool in listed.values() for p in tool.input_schema.get("properties", {})}
        assert {"get_debug_session_status", "start_debug_session", "trace_execution", "remove_breakpoint"} <= tools, tools
        assert "evaluate" in listed and "evaluate" in guide.split()
        assert {"include_variables", "allow_side_effects", "session_id"} <= named & parameters, named
        assert "include_variables" in listed["resume"].input_schema["properties"]
        assert "allow_side_effects" in listed["evaluate"].input_schema["properties"]
        # What is neither a tool nor a parameter must be an error code the guide explains.
        rest = named - listed.keys() - parameters
        assert rest == {"variable_expired", "side_effects_not_allowed", "confirmation_denied",
                        "confirmation_required"}, rest
