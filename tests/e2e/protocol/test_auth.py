"""Only the installed agents get in: the HTTP endpoint wants the install's access token as
`Authorization: Bearer <token>` (the file `<state dir>/mcp-token`, 0600, made on first start,
kept across restarts, replaced by `token --rotate`). A request without it, or with another
token, is answered 401 with `WWW-Authenticate: Bearer` before anything else sees it: no MCP
session is made, no tool runs. `serve --no-auth` turns the check off, and says so. The `stdio`
relay attaches to a protected server with the token from the state directory."""

from __future__ import annotations

import http.client
import json
import os
import stat
import subprocess
import time
from pathlib import Path

import psutil
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import (PROGRAMS, Tools, access_token, auth_header, debuggee_processes, http_client,
                      server_args, server_env, serve_http, tidy)

pytestmark = pytest.mark.anyio

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "e2e-auth", "version": "0"}}}


def post(port: int, headers: dict[str, str], body: dict | None = None,
         session: str | None = None) -> tuple[int, dict[str, str], str]:
    """One raw POST to /mcp with exactly these extra headers: status, headers, body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        sent = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", **headers}
        if session:
            sent |= {"Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25"}
        connection.request("POST", "/mcp", body=json.dumps(body or INITIALIZE), headers=sent)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text
    finally:
        connection.close()


def refused(port: int, headers: dict[str, str], **kwargs) -> None:
    status, answer, text = post(port, headers, **kwargs)
    assert status == 401, (headers, status, text)
    assert answer["www-authenticate"].startswith("Bearer"), answer
    assert "mcp-session-id" not in answer, "no MCP session for a refused request"
    assert "mcp-token" in text and "jetbrains-debugger-mcp token" in text, text


def token_cli(binary: str, state_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([binary, "token", *args], env=server_env(state_dir), capture_output=True, text=True,
                          timeout=30)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_without_the_right_token_nothing_happens(binary, state_dir):
    # Brave: without the check, the start below would launch the program at once.
    async with serve_http(binary, state_dir, brave=True) as (port, log):
        token = access_token(state_dir)
        refused(port, {})
        refused(port, {"Authorization": "Bearer " + "0" * len(token)})
        refused(port, {"Authorization": f"Bearer {token[:-1]}"})
        refused(port, {"Authorization": f"Basic {token}"})
        refused(port, {"Authorization": token})
        refused(port, {"Authorization": f"Bearer {token} {token}"})
        status, answer, text = post(port, {"Authorization": f"bearer  {token}"})
        assert status == 200 and "jetbrains-debugger" in text, text

        # An MCP session of an authorized client is no way in for a request without the token.
        session = answer["mcp-session-id"]
        authorized = {"Authorization": f"Bearer {token}"}
        initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        assert post(port, authorized, body=initialized, session=session)[0] == 202
        for call in [("start_debug_session", {"configuration_name": "Short"}),
                     ("set_breakpoint", {"file_path": "short.py", "line": 2}),
                     ("add_watch", {"expression": "1 + 1"})]:
            request = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                       "params": {"name": call[0], "arguments": call[1]}}
            refused(port, {}, body=request, session=session)
            refused(port, {"Authorization": "Bearer nope"}, body=request, session=session)
        time.sleep(0.5)
        assert not debuggee_processes(), "nothing was launched"

        async with Client(http_client(f"http://127.0.0.1:{port}/mcp", state_dir), mode="legacy") as client:
            t = Tools(client, log)
            try:
                assert (await t.ok("list_debug_sessions"))["sessions"] == []
                assert (await t.ok("list_breakpoints"))["breakpoints"] == []
                # The right token works, for a session of its own.
                started = await t.start("Short")
                assert started["status"] in ("paused", "running", "stopped"), started
            finally:
                await tidy(t)
    assert token not in log.read_text(), "the token is never logged"
    assert "refused an HTTP request without the right access token" in log.read_text()


async def test_the_token_file_is_private_and_kept_across_restarts(binary, state_dir):
    assert not (state_dir / "mcp-token").exists()
    async with serve_http(binary, state_dir) as (port, _):
        first = access_token(state_dir)
        assert len(first) == 64 and int(first, 16) >= 0
        assert mode(state_dir / "mcp-token") == 0o600
    async with serve_http(binary, state_dir) as (port, _):
        assert access_token(state_dir) == first
        assert post(port, {"Authorization": f"Bearer {first}"})[0] == 200
    printed = token_cli(binary, state_dir)
    assert printed.returncode == 0 and printed.stdout == f"{first}\n", printed
    where = token_cli(binary, state_dir, "--path")
    assert where.stdout.strip() == str(state_dir / "mcp-token"), where
    helped = subprocess.run([binary, "token", "--help"], capture_output=True, text=True, timeout=30)
    assert "--rotate" in helped.stdout and "Authorization: Bearer" in helped.stdout, helped.stdout


async def test_a_rotated_token_replaces_the_old_one_at_once(binary, state_dir):
    async with serve_http(binary, state_dir) as (port, log):
        old = access_token(state_dir)
        assert post(port, {"Authorization": f"Bearer {old}"})[0] == 200
        rotated = token_cli(binary, state_dir, "--rotate")
        assert rotated.returncode == 0, rotated.stderr
        new = rotated.stdout.strip()
        assert new != old and new == access_token(state_dir)
        assert "install" in rotated.stderr and new not in rotated.stderr, rotated.stderr
        assert mode(state_dir / "mcp-token") == 0o600
        refused(port, {"Authorization": f"Bearer {old}"})
        assert post(port, {"Authorization": f"Bearer {new}"})[0] == 200
        async with Client(http_client(f"http://127.0.0.1:{port}/mcp", state_dir), mode="legacy") as client:
            assert (await Tools(client, log).ok("list_debug_sessions"))["sessions"] == []
    assert old not in log.read_text() and new not in log.read_text()


@pytest.mark.parametrize("how", ["flag", "environment"])
async def test_no_auth_admits_every_local_client_and_says_so(binary, state_dir, how):
    extra, env = (("--no-auth",), None) if how == "flag" else ((), {"JETBRAINS_DEBUGGER_NO_AUTH": "1"})
    async with serve_http(binary, state_dir, extra=extra, env=env) as (port, log):
        status, _, text = post(port, {})
        assert status == 200 and "jetbrains-debugger" in text, text
        async with Client(http_client(f"http://127.0.0.1:{port}/mcp", headers={}), mode="legacy") as client:
            assert (await Tools(client, log).ok("list_debug_sessions"))["sessions"] == []
        said = log.read_text()
        assert "WARNING" in said and "--no-auth" in said and "without a token" in said, said
    helped = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True, timeout=30)
    assert "--no-auth" in helped.stdout and "JETBRAINS_DEBUGGER_NO_AUTH" in helped.stdout, helped.stdout


async def test_the_stdio_relay_attaches_to_a_protected_server(binary, state_dir):
    """`stdio` finds a running server through a discovery file (as an IDE's would be) and relays
    to it with the token of the shared state directory."""
    async with serve_http(binary, state_dir) as (port, log):
        serving = [p for p in psutil.process_iter(["cmdline"])
                   if "serve" in (p.info["cmdline"] or []) and str(port) in (p.info["cmdline"] or [])]
        assert len(serving) == 1, serving
        (state_dir / "instances").mkdir()
        (state_dir / "instances" / f"{serving[0].pid}.json").write_text(json.dumps({
            "pid": serving[0].pid, "mcp_url": f"http://127.0.0.1:{port}/mcp", "ide": "test",
            "projects": [{"name": "programs", "path": str(PROGRAMS)}], "updated_ms": int(time.time() * 1000)}))
        params = StdioServerParameters(command=binary, args=["stdio", *server_args((PROGRAMS,), True, ())],
                                       env=server_env(state_dir))
        relay_log = state_dir.parent / "relay.log"
        with open(relay_log, "w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                t = Tools(client, relay_log)
                # The relay, not a standalone server of its own: no resource subscriptions.
                assert not client.server_capabilities.resources.subscribe
                await t.ok("set_breakpoint", file_path="short.py", line=2)
        # The call reached the protected server: its breakpoint is there.
        async with Client(http_client(f"http://127.0.0.1:{port}/mcp", state_dir), mode="legacy") as client:
            t = Tools(client, log)
            assert [b["line"] for b in (await t.ok("list_breakpoints"))["breakpoints"]] == [2]
        token = access_token(state_dir)
        assert token not in relay_log.read_text() and token not in log.read_text()
        assert "refused" not in log.read_text(), log.read_text()
