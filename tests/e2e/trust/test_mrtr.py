"""Confirmations over multi round-trip requests (MRTR, protocol 2026-07-28), driven round by round
through the SDK's low-level session (`allow_input_required=True`): the question round, and
retries that do not fit the question (a forged requestState, a real one with other arguments or
for another tool, one replayed, replies without a requestState, a requestState on the legacy
protocol): each is a structured error and nothing runs. The SDK's own driver (accept/decline
through `elicitation_callback`) is tested in test_errors.py::test_elicitation_in_modern_mode."""

from __future__ import annotations

import json
from typing import Any

import anyio
import mcp.types as types
import pytest

from conftest import TRANSPORTS, connect, line_of, text_of

pytestmark = pytest.mark.anyio

APPROVE = {"confirm": types.ElicitResult(action="accept", content={"approve": True})}


async def never_called(context, params: types.ElicitRequestParams):
    raise AssertionError(f"the SDK's driver was not meant to run here: {params.message}")


async def question_round(t, name: str, arguments: dict[str, Any]) -> types.InputRequiredResult:
    """The first round of a call that needs consent: one elicitation and an opaque handle."""
    with anyio.fail_after(60):
        result = await t.client.session.call_tool(name, arguments, allow_input_required=True)
    assert isinstance(result, types.InputRequiredResult), result
    assert list(result.input_requests) == ["confirm"], result
    request = result.input_requests["confirm"]
    assert isinstance(request, types.ElicitRequest), request
    assert request.params.requested_schema["properties"]["approve"]["type"] == "boolean"
    assert result.request_state and len(result.request_state) >= 32, result.request_state
    return result


async def retry(t, name: str, arguments: dict[str, Any], state: str | None,
                responses: dict[str, Any] | None = APPROVE) -> types.CallToolResult:
    with anyio.fail_after(60):
        result = await t.client.session.call_tool(name, arguments, input_responses=responses,
                                                  request_state=state, allow_input_required=True)
    assert isinstance(result, types.CallToolResult), result
    return result


async def refused(t, name: str, arguments: dict[str, Any], state: str | None,
                  responses: dict[str, Any] | None = APPROVE) -> str:
    """A retry that must be refused: an isError result `invalid_params`; its message."""
    result = await retry(t, name, arguments, state, responses)
    assert result.is_error, f"{name} ran: {result.structured_content}"
    body = json.loads(text_of(result))
    assert body["error"] == "invalid_params", body
    assert "Nothing was done" in body["message"], body
    return body["message"]


async def no_sessions(t) -> None:
    assert await t.ok("list_debug_sessions") == {"sessions": []}


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_hostile_retries_run_nothing(binary, state_dir, transport):
    async with connect(binary, state_dir, brave=False, mode="auto", transport=transport,
                       elicitation_callback=never_called) as t:
        start = {"configuration_name": "Short"}
        assert "no open question" in await refused(t, "start_debug_session", start, "forged-" + "0" * 32)
        assert "without requestState" in await refused(t, "start_debug_session", start, None)
        await no_sessions(t)

        # A real handle, retried with other arguments, then (used up) with the right ones.
        asked = await question_round(t, "start_debug_session", start)
        assert "Short" in asked.input_requests["confirm"].params.message
        message = await refused(t, "start_debug_session", {"configuration_name": "Loop"}, asked.request_state)
        assert "another call" in message, message
        assert "no open question" in await refused(t, "start_debug_session", start, asked.request_state)
        # Another tool with the same arguments.
        asked = await question_round(t, "start_debug_session", start)
        assert "start_debug_session" in await refused(t, "run_configuration", start, asked.request_state)
        # No reply to the question, or a reply that is no elicitation result.
        asked = await question_round(t, "start_debug_session", start)
        assert "no answer" in await refused(t, "start_debug_session", start, asked.request_state, {})
        await no_sessions(t)

        # The right retry runs once; replayed, it runs nothing more.
        asked = await question_round(t, "start_debug_session", start)
        started = await retry(t, "start_debug_session", start, asked.request_state)
        assert not started.is_error, text_of(started)
        session = started.structured_content["session_id"]
        assert "no open question" in await refused(t, "start_debug_session", start, asked.request_state)
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [s["id"] for s in sessions] == [session], sessions


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_a_replayed_set_variable_changes_nothing(binary, state_dir, transport):
    """The consent given to one assignment cannot be spent on another, nor twice."""
    replies = ["accept"]

    async def answer(context, params: types.ElicitRequestParams):
        return types.ElicitResult(action=replies.pop(0), content={"approve": True})

    async with connect(binary, state_dir, brave=False, mode="auto", transport=transport,
                       elicitation_callback=answer) as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        started = await t.start("Nested")
        assert started["status"] == "paused" and not replies
        assign = {"name": "discount", "new_value": "5"}
        asked = await question_round(t, "set_variable", assign)
        assert "discount" in asked.input_requests["confirm"].params.message
        await refused(t, "set_variable", {"name": "discount", "new_value": "99"}, asked.request_state)
        assert await t.evaluate("discount") == "4"
        asked = await question_round(t, "set_variable", assign)
        done = await retry(t, "set_variable", assign, asked.request_state)
        assert not done.is_error, text_of(done)
        assert await t.evaluate("discount") == "5"
        await refused(t, "set_variable", assign, asked.request_state)
        # A declined reply sent by hand: nothing changes either.
        assign = {"name": "discount", "new_value": "7"}
        asked = await question_round(t, "set_variable", assign)
        declined = await retry(t, "set_variable", assign, asked.request_state,
                               {"confirm": types.ElicitResult(action="decline")})
        assert declined.is_error and json.loads(text_of(declined))["error"] == "confirmation_denied"
        assert await t.evaluate("discount") == "5"


async def test_a_request_state_on_the_legacy_protocol_is_refused(binary, state_dir):
    """On 2025-11-25 the question is an elicitation request during the call; no handle exists."""
    async with connect(binary, state_dir, brave=False, mode="legacy",
                       elicitation_callback=never_called) as t:
        message = await refused(t, "start_debug_session", {"configuration_name": "Short"}, "0" * 32)
        assert "2026-07-28" in message, message
        await no_sessions(t)


async def test_a_call_that_asks_twice_asks_in_two_rounds(binary, state_dir):
    """A breakpoint whose condition and log message both need consent: two questions, one per
    round; the first reply is carried into the third round, and a refused second one sets nothing."""
    asked: list[str] = []
    replies: list[str] = []

    async def answer(context, params: types.ElicitRequestParams):
        asked.append(params.message)
        return types.ElicitResult(action=replies.pop(0), content={"approve": True})

    async with connect(binary, state_dir, brave=False, mode="auto", elicitation_callback=answer) as t:
        line = line_of("nested.py", "after_loop")
        code = {"file_path": "nested.py", "line": line, "condition": "check()", "log_message": "{describe()}"}
        replies[:] = ["accept", "decline"]
        await t.err("set_breakpoint", "confirmation_denied", **code)
        assert len(asked) == 2 and "check()" in asked[0] and "describe()" in asked[1], asked
        assert (await t.ok("list_breakpoints"))["breakpoints"] == []

        replies[:] = ["accept", "accept"]
        await t.ok("set_breakpoint", **code)
        assert len(asked) == 4 and not replies
        (bp,) = (await t.ok("list_breakpoints"))["breakpoints"]
        assert bp["condition"] == "check()" and bp["log_message"] == "{describe()}", bp
