"""The streamable HTTP endpoint's DNS-rebinding protection: Origin and Host checks (every
request carrying the access token: test_auth.py checks that one)."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from mcp import Client

from conftest import PROGRAMS, Tools, http_client, serve_http, server_env, tidy
from helpers.raw_http import post

pytestmark = pytest.mark.anyio

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

        # The server's own origin is accepted: http, a loopback host and this port, the
        # same as the request's Host (what the conformance suite sends).
        for host in [local, f"localhost:{port}"]:
            status, text = post(port, {"Host": host, "Origin": f"http://{host}"})
            assert status == 200, (host, status, text)
            assert "jetbrains-debugger" in text

        # Any other browser origin is refused unless allowed: a page served on loopback by
        # another local program included, and the own port under another name than the Host.
        for origin in [f"http://localhost:{port}", f"https://127.0.0.1:{port}", "http://localhost:5173",
                       "http://127.0.0.1:8080", "http://evil.example", f"http://evil.example:{port}", "null",
                       f"http://127.0.0.1:{port}/page", "garbage"]:
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


async def test_a_portless_origin_means_the_default_port_and_any_port_is_spelled_out(binary, state_dir):
    async with serve_http(binary, state_dir, extra=("--allow-origin", "http://localhost",
                                                    "--allow-origin", "http://tool.example:*")) as (port, _):
        for allowed in ["http://localhost", "http://localhost:80", "http://tool.example:5173",
                        "http://tool.example"]:
            assert post(port, {"Origin": allowed})[0] == 200, allowed
        for refused in ["http://localhost:5173", "http://localhost:9999", "https://localhost",
                        "https://tool.example"]:
            assert post(port, {"Origin": refused})[0] == 403, refused


# Each form an allowed origin must not take, and the words its error names it with.
REFUSED_ORIGINS = {
    "null": "Origin: null",
    "http://*.example.com": "wildcard host",
    "*": "wildcard host",
    "https://app.example/path": "path, query or fragment",
    "https://app.example?x=1": "path, query or fragment",
    "http://user@host.example": "user name",
    "localhost:5173": "is not an origin",
    "http://localhost:70000": "is not an origin",
}


@pytest.mark.parametrize("where", ["flag", "environment"])
def test_origins_that_are_not_exactly_an_origin_stop_the_server_at_start(binary, state_dir, where):
    for entry, why in REFUSED_ORIGINS.items():
        env = server_env(state_dir)
        args = [binary, "serve", "--port", "0", "--project", str(PROGRAMS)]
        if where == "flag":
            args += ["--allow-origin", "http://localhost:5173", "--allow-origin", entry]
        else:
            env["JETBRAINS_DEBUGGER_ALLOW_ORIGINS"] = f"http://localhost:5173,{entry}"
        run = subprocess.run(args, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=30)
        assert run.returncode != 0, (entry, run.stderr)
        assert f"'{entry}'" in run.stderr and why in run.stderr, (entry, run.stderr)
        assert "listening" not in run.stderr, run.stderr


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
        async with Client(http_client(url), mode="legacy") as a, Client(http_client(url)) as b:
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
