"""Questions asked on protocol 2026-07-28, where the question is the call's answer: read as the
user would see it, and an elicitation callback for where nothing may be asked."""

from __future__ import annotations

import anyio
import mcp.types as types


async def never_called(context, params: types.ElicitRequestParams):
    raise AssertionError(f"not meant to be asked here: {params.message}")


async def question(t, name: str, arguments: dict) -> str:
    with anyio.fail_after(60):
        asked = await t.client.session.call_tool(name, arguments, allow_input_required=True)
    assert isinstance(asked, types.InputRequiredResult), asked
    return asked.input_requests["confirm"].params.message
