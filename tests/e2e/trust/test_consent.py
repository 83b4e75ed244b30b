"""Consent belongs to whoever was asked, about where the program stood, with two real clients
on one server over HTTP, in both protocol generations:
- 2026-07-28 (MRTR): a question's requestState handle is refused when another client (another
  process) brings it, and still answers for its asker;
- 2025-11-25 (an elicitation request during the call): another client's forged elicitation
  answers reach nothing; only the asked client's reply counts;
- both: when another client moves execution while the user is asked, the approval does not
  apply to the new stop (legacy: nothing is done and the call says so; MRTR: the retry is asked
  again)."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
from typing import Any

import anyio
import mcp.types as types
import pytest
from mcp import Client

from conftest import PYTHON, Tools, auth_header_of, http_client, line_of, serve_http, text_of

pytestmark = pytest.mark.anyio

APPROVE = {"confirm": types.ElicitResult(action="accept", content={"approve": True})}
START = {"configuration_name": "Short"}

# Client B as another process: on 2026-07-28 over HTTP the asker is the process behind the
# connection, so a second client inside this test's own process would be the same asker.
OTHER_CLIENT = """
import asyncio, json, os, sys
import mcp.types as types
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

async def approve(context, params):
    return types.ElicitResult(action="accept", content={"approve": True})

async def main(url, name, arguments, state):
    # The server's access token comes in the environment, as a client's configuration would hold it.
    headers = {"Authorization": os.environ["JBD_TEST_AUTHORIZATION"]}
    async with create_mcp_http_client(headers=headers) as http, \
            Client(streamable_http_client(url, http_client=http), mode="auto", elicitation_callback=approve) as client:
        result = await client.session.call_tool(
            name, json.loads(arguments), request_state=state, allow_input_required=True,
            input_responses={"confirm": types.ElicitResult(action="accept", content={"approve": True})})
        print(json.dumps({"is_error": result.is_error,
                          "text": "".join(getattr(b, "text", "") for b in result.content)}))

asyncio.run(main(*sys.argv[1:]))
"""


def other_client_retries(url: str, name: str, arguments: dict[str, Any], state: str) -> dict[str, Any]:
    port = int(url.split(":")[2].split("/")[0])
    env = dict(os.environ, JBD_TEST_AUTHORIZATION=auth_header_of(port)["Authorization"])
    done = subprocess.run([PYTHON, "-c", OTHER_CLIENT, url, name, json.dumps(arguments), state],
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


async def question_round(client: Client, name: str, arguments: dict[str, Any]) -> types.InputRequiredResult:
    with anyio.fail_after(60):
        asked = await client.session.call_tool(name, arguments, allow_input_required=True)
    assert isinstance(asked, types.InputRequiredResult), asked
    return asked


async def retry(client: Client, name: str, arguments: dict[str, Any], state: str):
    with anyio.fail_after(60):
        return await client.session.call_tool(name, arguments, input_responses=APPROVE, request_state=state,
                                              allow_input_required=True)


async def never_called(context, params: types.ElicitRequestParams):
    raise AssertionError(f"not meant to be asked here: {params.message}")


async def test_a_handle_is_refused_from_another_client_and_answers_its_asker(binary, state_dir):
    async with serve_http(binary, state_dir, brave=False) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(http_client(url), mode="auto", elicitation_callback=never_called) as a:
            tools = Tools(a, log)
            asked = await question_round(a, "start_debug_session", START)
            stolen = await anyio.to_thread.run_sync(
                other_client_retries, url, "start_debug_session", START, asked.request_state)
            assert stolen["is_error"], stolen
            body = json.loads(stolen["text"])
            assert body["error"] == "invalid_params" and "another client" in body["message"], body
            assert (await tools.ok("list_debug_sessions"))["sessions"] == [], "nothing ran"

            started = await retry(a, "start_debug_session", START, asked.request_state)
            assert isinstance(started, types.CallToolResult) and not started.is_error, started
            assert started.structured_content["session_id"]
            await tools.stop_all()


def forge_answers(port: int) -> list[int]:
    """Client B, a legacy session of its own, posts 'approve' answers for the first request ids
    the server could have used for client A's elicitation; the HTTP statuses."""
    def post(body: dict, session: str | None) -> tuple[int, dict[str, str]]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   **auth_header_of(port)}
        if session:
            headers |= {"Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25"}
        connection.request("POST", "/mcp", body=json.dumps(body), headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}

    _, headers = post({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "b", "version": "0"}}}, None)
    session = headers["mcp-session-id"]
    post({"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
    answer = {"action": "accept", "content": {"approve": True}}
    statuses = [post({"jsonrpc": "2.0", "id": i, "result": answer}, session)[0] for i in range(8)]
    statuses.append(post({"jsonrpc": "2.0", "id": 0, "result": answer}, None)[0])
    return statuses


async def test_another_clients_elicitation_answers_reach_nothing(binary, state_dir):
    asked, forged = anyio.Event(), anyio.Event()

    async def decline_after_the_forgery(context, params: types.ElicitRequestParams):
        asked.set()
        await forged.wait()
        return types.ElicitResult(action="decline")

    async with serve_http(binary, state_dir, brave=False) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(http_client(url), mode="legacy", elicitation_callback=decline_after_the_forgery) as a:
            tools = Tools(a, log)
            outcome: dict[str, Any] = {}

            async def start() -> None:
                outcome["result"] = await tools.raw("start_debug_session", START)

            async with anyio.create_task_group() as group:
                group.start_soon(start)
                with anyio.fail_after(30):
                    await asked.wait()
                statuses = await anyio.to_thread.run_sync(forge_answers, port)
                forged.set()
            assert all(status >= 200 for status in statuses), statuses
            result = outcome["result"]
            assert result.is_error, result.structured_content
            assert json.loads(text_of(result))["error"] == "confirmation_denied"
            assert (await tools.ok("list_debug_sessions"))["sessions"] == []


async def paused_in_the_loop(a: Tools, b: Tools) -> str:
    await a.ok("set_breakpoint", file_path="loop.py", line=line_of("loop.py", "loop_body"))
    started = await a.start("Loop")
    assert started["status"] == "paused", started
    (session,) = [s["id"] for s in (await b.ok("list_debug_sessions"))["sessions"]]
    return session


async def test_an_approval_does_not_follow_execution_that_moved_legacy(binary, state_dir):
    asked, moved = anyio.Event(), anyio.Event()
    questions: list[str] = []

    async def answer(context, params: types.ElicitRequestParams):
        questions.append(params.message)
        if "Run code" in params.message:
            asked.set()
            await moved.wait()
        return types.ElicitResult(action="accept", content={"approve": True})

    async with serve_http(binary, state_dir, brave=False) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(http_client(url), mode="legacy", elicitation_callback=answer) as client_a, \
                Client(http_client(url), mode="legacy", elicitation_callback=never_called) as client_b:
            a, b = Tools(client_a, log), Tools(client_b, log)
            session = await paused_in_the_loop(a, b)
            outcome: dict[str, Any] = {}

            async def evaluate() -> None:
                outcome["result"] = await a.raw("evaluate", {"expression": "total = -100",
                                                             "allow_side_effects": True})

            async with anyio.create_task_group() as group:
                group.start_soon(evaluate)
                with anyio.fail_after(30):
                    await asked.wait()
                stepped = await b.ok("step_over", session_id=session)
                assert stepped["paused_reason"] == "step", stepped
                moved.set()
            result = outcome["result"]
            assert result.is_error, result.structured_content
            body = json.loads(text_of(result))
            assert body["error"] == "confirmation_required" and body["execution_moved"] is True, body
            assert await a.evaluate("total") != "-100", "nothing was done at the new stop"
            await a.stop_all()


async def test_an_approval_does_not_follow_execution_that_moved_mrtr(binary, state_dir):
    async with serve_http(binary, state_dir, brave=False) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(http_client(url), mode="auto", elicitation_callback=never_called) as client_a, \
                Client(http_client(url), mode="auto", elicitation_callback=never_called) as client_b:
            a, b = Tools(client_a, log), Tools(client_b, log)
            await a.ok("set_breakpoint", file_path="loop.py", line=line_of("loop.py", "loop_body"))
            asked = await question_round(client_a, "start_debug_session", {"configuration_name": "Loop"})
            started = await retry(client_a, "start_debug_session", {"configuration_name": "Loop"},
                                  asked.request_state)
            session = started.structured_content["session_id"]
            code = {"expression": "total = -100", "allow_side_effects": True}
            asked = await question_round(client_a, "evaluate", code)
            await b.ok("step_over", session_id=session)
            again = await retry(client_a, "evaluate", code, asked.request_state)
            assert isinstance(again, types.InputRequiredResult), f"ran at the new stop: {again}"
            assert await a.evaluate("total") != "-100"
            done = await retry(client_a, "evaluate", code, again.request_state)
            assert isinstance(done, types.CallToolResult) and not done.is_error, done
            assert await a.evaluate("total") == "-100"
            await a.stop_all()
