"""The streamable HTTP endpoint's DNS-rebinding protection: Origin and Host checks."""

from __future__ import annotations

import http.client
import json
import os

import pytest
from mcp import Client

from conftest import Tools, serve_http, tidy

pytestmark = pytest.mark.anyio

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "e2e-raw", "version": "0"},
    },
}


def post(port: int, headers: dict[str, str], body: bytes | None = None,
         session: str | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        body = json.dumps(INITIALIZE).encode() if body is None else body
        base = {
            "Host": f"127.0.0.1:{port}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        if session:
            base["Mcp-Session-Id"] = session
            base["MCP-Protocol-Version"] = "2025-11-25"
        connection.putrequest("POST", "/mcp", skip_host=True, skip_accept_encoding=True)
        for name, value in {**base, **headers}.items():
            connection.putheader(name, value)
        connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        if session is None and response.getheader("Mcp-Session-Id"):
            post.last_session = response.getheader("Mcp-Session-Id")
        return response.status, response.read().decode(errors="replace")
    finally:
        connection.close()


def jsonrpc_of(text: str) -> dict:
    """The JSON-RPC message of a JSON or SSE answer."""
    for line in text.splitlines():
        if line.startswith("data:") and line[5:].strip():
            return json.loads(line[5:])
    return json.loads(text)


async def test_origin_and_host_checks(binary, state_dir):
    async with serve_http(binary, state_dir) as (port, _log):
        local = f"127.0.0.1:{port}"
        status, text = post(port, {"Host": local})
        assert status == 200, text
        assert "jetbrains-debugger" in text and "2025-11-25" in text
        status, text = post(port, {"Host": f"localhost:{port}"})
        assert status == 200, text

        # Any browser origin is refused unless allowed: a page served on loopback by
        # another local program included.
        for origin in [f"http://127.0.0.1:{port}", f"http://localhost:{port}", "http://localhost:5173",
                       "http://127.0.0.1:8080", "http://evil.example", f"http://evil.example:{port}", "null"]:
            status, text = post(port, {"Host": local, "Origin": origin})
            assert status == 403, (origin, status, text)
            assert "jetbrains-debugger" not in text

        status, text = post(port, {"Host": f"evil.example:{port}"})
        assert 400 <= status < 500, (status, text)
        assert "jetbrains-debugger" not in text
        status, text = post(port, {"Host": "evil.example"})
        assert 400 <= status < 500, (status, text)


async def test_allowed_origins_by_flag_and_environment(binary, state_dir):
    async with serve_http(binary, state_dir, extra=("--allow-origin", "http://localhost:5173",
                                                    "--allow-origin", "https://tool.example")) as (port, _):
        for allowed in ["http://localhost:5173", "https://tool.example"]:
            status, text = post(port, {"Origin": allowed})
            assert status == 200, (allowed, text)
        for refused in ["http://localhost:5174", "http://127.0.0.1:5173", "https://evil.example"]:
            status, _ = post(port, {"Origin": refused})
            assert status == 403, refused
    os.environ["JETBRAINS_DEBUGGER_ALLOW_ORIGINS"] = "http://localhost:3000,http://localhost:3001"
    try:
        async with serve_http(binary, state_dir) as (port, _):
            assert post(port, {"Origin": "http://localhost:3001"})[0] == 200
            assert post(port, {"Origin": "http://localhost:3002"})[0] == 403
    finally:
        del os.environ["JETBRAINS_DEBUGGER_ALLOW_ORIGINS"]


async def test_malformed_requests_get_jsonrpc_errors(binary, state_dir):
    async with serve_http(binary, state_dir) as (port, _):
        # A body that is not JSON: a parse error, not HTTP 415.
        for body in [b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\\ud800"}}',
                     b"\xff\xfe not utf-8", b"{", b""]:
            status, text = post(port, {}, body=body)
            assert status == 400, (body, status, text)
            assert jsonrpc_of(text)["error"]["code"] == -32700, (body, text)
        status, text = post(port, {}, body=b'{"hello": "world"}')
        assert (status, jsonrpc_of(text)["error"]["code"]) == (400, -32600), text

        # tools/call whose arguments are not an object: invalid params, with a message.
        status, text = post(port, {})
        assert status == 200, text
        session = post.last_session
        post(port, {}, body=json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode(),
             session=session)
        for arguments in [5, "x", [1, 2], True]:
            call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                    "params": {"name": "list_breakpoints", "arguments": arguments}}
            status, text = post(port, {}, body=json.dumps(call).encode(), session=session)
            error = jsonrpc_of(text)["error"]
            assert error["code"] == -32602, (arguments, text)
            assert "arguments" in error["message"], error


async def test_http_clients_share_one_server(binary, state_dir):
    async with serve_http(binary, state_dir) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(url, mode="legacy") as a, Client(url) as b:
            one, two = Tools(a, log), Tools(b, log)
            try:
                bp = await one.ok("set_breakpoint", file_path="short.py", line=2)
                seen = await two.ok("list_breakpoints")
                assert [x["id"] for x in seen["breakpoints"]] == [bp["breakpoint_id"]]
                started = await two.start("Short")
                assert started["status"] == "paused"
                status = await one.status()
                assert status["session_id"] == started["session_id"] and status["current_location"]["line"] == 2
            finally:
                await tidy(one)
