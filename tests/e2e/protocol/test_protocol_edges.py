"""The protocol's edges, per negotiated version, on the real binary: raw JSON-RPC over
stdio and HTTP (what an SDK would never send), and the official Python SDK for what it
sees of them.

- stdio: a line that is not JSON is answered -32700 and JSON that is not a message
  -32600, with "id": null (JSON-RPC 2.0);
- JSON-RPC batches: taken on a 2025-03-26 session (the one version that has them),
  refused naming the version on others, on both transports;
- stdio over pipes, sockets and files, its descriptors' flags left as it found them;
- a second `initialize` on an initialized session is refused;
- an unknown tool is a protocol error (-32602), as every version's tools chapter says;
- a resource that does not exist is -32002 (-32602 from 2026-07-28 on, as that version
  says).
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import subprocess

import pytest
from mcp.shared.exceptions import MCPError

from conftest import MODES, TRANSPORTS, connect, server_args, server_env, serve_http
from helpers.raw_http import post

pytestmark = pytest.mark.anyio


def initialize(request_id: int, version: str) -> dict:
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize",
            "params": {"protocolVersion": version, "capabilities": {},
                       "clientInfo": {"name": "e2e-raw", "version": "0"}}}


class RawStdio:
    """The binary's `stdio`, driven line by line."""

    def __init__(self, binary: str, state_dir) -> None:
        self.proc = subprocess.Popen(
            [binary, "stdio", *server_args((), True, ())], env=server_env(state_dir),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )

    def send(self, message) -> None:
        line = message if isinstance(message, str) else json.dumps(message)
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def receive(self):
        line = self.proc.stdout.readline()
        assert line, "the server closed its output"
        return json.loads(line)

    def exchange(self, message):
        self.send(message)
        return self.receive()

    def start(self, version: str) -> None:
        answer = self.exchange(initialize(1, version))
        assert answer["result"]["protocolVersion"] == version, answer
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture
def raw(binary, state_dir):
    servers = []

    def make() -> RawStdio:
        servers.append(RawStdio(binary, state_dir))
        return servers[-1]

    yield make
    for server in servers:
        server.close()


def test_stdio_lines_that_are_not_messages_get_errors_with_id_null(raw):
    stdio = raw()
    parse = stdio.exchange("this is not json")
    assert parse["error"]["code"] == -32700 and "id" in parse and parse["id"] is None, parse
    invalid = stdio.exchange({"hello": "world"})
    assert invalid["error"]["code"] == -32600 and "id" in invalid and invalid["id"] is None, invalid
    # The server goes on: the next message is answered.
    stdio.start("2025-11-25")
    assert stdio.exchange({"jsonrpc": "2.0", "id": 2, "method": "ping"}) == {"jsonrpc": "2.0", "id": 2, "result": {}}
    assert stdio.exchange("{ still not json")["id"] is None


def test_stdio_batches_on_2025_03_26_and_refused_on_later_versions(raw):
    old = raw()
    old.start("2025-03-26")
    answers = old.exchange([
        {"jsonrpc": "2.0", "id": 2, "method": "ping"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "list_debug_sessions", "arguments": {}}},
        {"jsonrpc": "2.0", "method": "notifications/roots/list_changed"},
        {"not": "a message"},
    ])
    assert isinstance(answers, list), answers
    by_id = {a["id"]: a for a in answers}
    assert set(by_id) == {2, 3, None}, answers
    assert by_id[2]["result"] == {}
    assert by_id[3]["result"]["structuredContent"] == {"sessions": []}
    assert by_id[None]["error"]["code"] == -32600
    # Notifications only: nothing to answer; the next request is answered at once.
    old.send([{"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}])
    assert old.exchange({"jsonrpc": "2.0", "id": 4, "method": "ping"})["id"] == 4

    for version in ["2025-06-18", "2025-11-25"]:
        new = raw()
        new.start(version)
        refused = new.exchange([{"jsonrpc": "2.0", "id": 2, "method": "ping"}])
        assert refused["id"] is None and refused["error"]["code"] == -32600, refused
        assert "2025-03-26" in refused["error"]["message"] and version in refused["error"]["message"]


@pytest.mark.parametrize("version", ["2025-03-26", "2025-11-25"])
def test_a_repeated_initialize_is_refused(raw, version):
    stdio = raw()
    stdio.start(version)
    again = stdio.exchange(initialize(7, version))
    assert again["id"] == 7 and again["error"]["code"] == -32600, again
    assert "already initialized" in again["error"]["message"]
    assert stdio.exchange({"jsonrpc": "2.0", "id": 8, "method": "ping"})["result"] == {}


def blocking(fd: int) -> bool:
    return not fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_NONBLOCK


@pytest.mark.parametrize("kind", ["pipes", "sockets", "stderr on stdout's pipe", "a file"])
def test_stdio_over_what_clients_give_it_and_the_flags_left_as_found(binary, state_dir, tmp_path, kind):
    """Pipes (Python's clients) and sockets (Node's) are polled by the server, so made
    non-blocking while it runs; as that flag belongs to the open file, which the client
    may share, it is put back when the server ends. Stdout sharing stderr's pipe, and a
    file, are read and written the plain way."""
    requests = [initialize(1, "2025-11-25"), {"jsonrpc": "2.0", "method": "notifications/initialized"},
                {"jsonrpc": "2.0", "id": 2, "method": "ping"}]
    lines = b"".join(json.dumps(r).encode() + b"\n" for r in requests)
    kept: list[int] = []  # the test's own hold on the server's ends: their flags are read after it ends
    if kind == "a file":
        (tmp_path / "requests").write_bytes(lines)
        server_in = os.open(tmp_path / "requests", os.O_RDONLY)
        feed = None
    elif kind == "sockets":
        server_in, feed = (s.detach() for s in socket.socketpair())
    else:
        server_in, feed = os.pipe()
    if kind == "sockets":
        server_out, answers = (s.detach() for s in socket.socketpair())
    else:
        answers, server_out = os.pipe()
    kept += [server_in, server_out]
    proc = subprocess.Popen(
        [binary, "stdio", *server_args((), True, ())], env=server_env(state_dir), stdin=server_in, stdout=server_out,
        stderr=server_out if kind == "stderr on stdout's pipe" else subprocess.DEVNULL,
    )
    try:
        if feed is not None:
            os.write(feed, lines)
        reader = os.fdopen(os.dup(answers), "rb")
        got = [json.loads(reader.readline()) for _ in range(2)]
        assert got[0]["result"]["protocolVersion"] == "2025-11-25", got
        assert got[1] == {"jsonrpc": "2.0", "id": 2, "result": {}}, got
        if kind != "a file":  # (which ends the server as it is read)
            polled_in, polled_out = True, kind != "stderr on stdout's pipe"
            assert blocking(server_in) is not polled_in, "stdin polled while the server runs"
            assert blocking(server_out) is not polled_out, f"stdout polled: {polled_out}"
        if feed is not None:
            os.close(feed)
            feed = None
        assert proc.wait(timeout=10) == 0, "the server ends with its input"
        assert blocking(server_in) and blocking(server_out), "the flags put back as the server ends"
        reader.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for fd in [*kept, answers, *([feed] if feed is not None else [])]:
            os.close(fd)


async def test_http_batches_on_2025_03_26_and_refused_on_later_versions(binary, state_dir):
    async with serve_http(binary, state_dir) as (port, _):
        status, _ = post(port, {}, body=json.dumps(initialize(1, "2025-03-26")).encode())
        assert status == 200
        session = post.last_session
        batch = [{"jsonrpc": "2.0", "id": 2, "method": "ping"},
                 {"jsonrpc": "2.0", "id": 3, "method": "tools/list"},
                 {"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}]
        # (A 2025-03-26 client sends no MCP-Protocol-Version header; when one is sent, it counts.)
        status, text = post(port, {"MCP-Protocol-Version": "2025-03-26"}, body=json.dumps(batch).encode(),
                            session=session)
        assert status == 200, text
        answers = {a["id"]: a for a in json.loads(text)}
        assert answers[2]["result"] == {} and len(answers[3]["result"]["tools"]) == 28
        status, text = post(port, {"MCP-Protocol-Version": "2025-03-26"},
                            body=json.dumps(batch[2:]).encode(), session=session)
        assert status == 202, text
        # A repeated initialize on that session is refused.
        status, text = post(port, {"MCP-Protocol-Version": "2025-03-26"},
                            body=json.dumps(initialize(9, "2025-03-26")).encode(), session=session)
        assert "already initialized" in text and "-32600" in text, text

        status, text = post(port, {}, body=json.dumps(initialize(1, "2025-11-25")).encode())
        newer = post.last_session
        status, text = post(port, {}, body=json.dumps(batch).encode(), session=newer)
        assert status == 400 and "-32600" in text and "2025-11-25" in text, text
        # No session: initialize is never batched.
        status, text = post(port, {}, body=json.dumps([initialize(1, "2025-03-26")]).encode())
        assert status == 400 and "initialize alone" in text, text


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
async def test_unknown_tools_and_resources_are_protocol_errors(binary, state_dir, transport, mode):
    async with connect(binary, state_dir, transport=transport, mode=mode) as t:
        with pytest.raises(MCPError) as unknown:
            await t.client.call_tool("no_such_tool", {})
        assert unknown.value.error.code == -32602
        assert "Unknown tool: no_such_tool" in unknown.value.error.message
        # A tool that exists still answers tool errors as isError results.
        await t.err("get_stack_trace", "no_session")
        # Not found: -32002 before 2026-07-28, -32602 from it on (rmcp maps it).
        with pytest.raises(MCPError) as missing:
            await t.client.read_resource("test://static-text")
        assert missing.value.error.code == (-32002 if mode == "legacy" else -32602)
        assert "not a debugger:// resource" in missing.value.error.message
