"""The streamable HTTP endpoint's DNS-rebinding protection: Origin and Host checks."""

from __future__ import annotations

import http.client
import json

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


def post(port: int, headers: dict[str, str]) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        body = json.dumps(INITIALIZE)
        base = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        connection.putrequest("POST", "/mcp", skip_host=True, skip_accept_encoding=True)
        for name, value in {**base, **headers}.items():
            connection.putheader(name, value)
        connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body.encode())
        response = connection.getresponse()
        return response.status, response.read().decode(errors="replace")
    finally:
        connection.close()


async def test_origin_and_host_checks(binary, state_dir):
    async with serve_http(binary, state_dir) as (port, _log):
        local = f"127.0.0.1:{port}"
        status, text = post(port, {"Host": local})
        assert status == 200, text
        assert "jetbrains-debugger" in text and "2025-11-25" in text

        status, text = post(port, {"Host": local, "Origin": f"http://127.0.0.1:{port}"})
        assert status == 200, text
        status, text = post(port, {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})
        assert status == 200, text

        status, text = post(port, {"Host": local, "Origin": "http://evil.example"})
        assert 400 <= status < 500, (status, text)
        assert "jetbrains-debugger" not in text
        status, text = post(port, {"Host": local, "Origin": f"http://evil.example:{port}"})
        assert 400 <= status < 500, (status, text)

        status, text = post(port, {"Host": f"evil.example:{port}"})
        assert 400 <= status < 500, (status, text)
        assert "jetbrains-debugger" not in text
        status, text = post(port, {"Host": "evil.example"})
        assert 400 <= status < 500, (status, text)


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
