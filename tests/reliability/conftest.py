"""Reliability suite: hostile and heavy use of the REAL binary, with figures printed.

Reuses the end-to-end harness (`tests/e2e/conftest.py`: the binary, fresh state
directories, `connect`, `serve_http`, the no-leftover-debuggee check) and adds what
these tests share: a project full of traps (huge files, a FIFO, a symlink out), the
server's process for RSS readings, the processes a server's sessions left (by their
session tag, for the orphan checks), and raw HTTP helpers. Every test records its
measurements with `figure`; they are printed together at the end of the run (a
terminal-summary section, so CI output shows them without `-s`).
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import time
from pathlib import Path

import anyio
import psutil
import pytest

_E2E = Path(__file__).resolve().parents[1] / "e2e"
_spec = importlib.util.spec_from_file_location("e2e_harness", _E2E / "conftest.py")
harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(harness)

# The harness's fixtures, registered here too.
anyio_backend = harness.anyio_backend
binary = harness.binary
state_dir = harness.state_dir
no_leftover_debuggees = harness.no_leftover_debuggees

ROOT = Path(__file__).resolve().parents[2]


FIGURES: list[str] = []


def figure(name: str, value) -> None:
    """Record one measured figure; all are printed at the end of the run."""
    FIGURES.append(f"{name}: {value}")


def pytest_terminal_summary(terminalreporter) -> None:
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in FIGURES:
            terminalreporter.write_line(line)


def known_error_codes() -> set[str]:
    """The stable error codes, read from their one declaration in rust/core/src/error.rs."""
    text = (ROOT / "rust/core/src/error.rs").read_text()
    start = text.index("error_codes! {")
    block = text[start: text.index("}", start)]
    return {line.split('"')[1] for line in block.splitlines() if "=>" in line}


@pytest.fixture
def trap_project(tmp_path: Path) -> Path:
    """A project holding files that must not hurt the server: a 300 MB file without a
    newline (sparse), one 20 MB line, a FIFO, a symlink to outside, an ordinary file."""
    project = tmp_path / "traps"
    project.mkdir()
    (project / "ok.py").write_text("x = 1\ny = 2\nprint(x + y)\n")
    with open(project / "huge.py", "wb") as f:
        f.truncate(300 * 1024 * 1024)
    with open(project / "one_line.py", "wb") as f:
        f.write(b"s = '" + b"a" * (20 * 1024 * 1024) + b"'\n")
    os.mkfifo(project / "pipe.py")
    outside = tmp_path / "outside.py"
    outside.write_text("secret = 1\n")
    (project / "out.py").symlink_to(outside)
    return project.resolve()


def server_process(port: int) -> psutil.Process:
    """The server listening on `port`."""
    for proc in psutil.process_iter(["cmdline"]):
        cmdline = proc.info["cmdline"] or []
        if "serve" in cmdline and str(port) in cmdline:
            return proc
    raise AssertionError(f"no server process on port {port}")


# Every process of a session carries `<server pid>:<n>:<session id>` in this variable
# (rust/dap/src/tree.rs): the orphan checks find a server's leftovers by it.
TAG_ENV = "JETBRAINS_DEBUGGER_SESSION_TAG"


def tagged_by(server_pid: int) -> list[psutil.Process]:
    """Live processes whose session tag names the server `server_pid` (`<pid>:<n>:<session>`)."""
    found = []
    for proc in psutil.process_iter(["status"]):
        try:
            if proc.info["status"] == psutil.STATUS_ZOMBIE:
                continue
            tag = proc.environ().get(TAG_ENV, "")
        except psutil.Error:
            continue
        if tag.startswith(f"{server_pid}:"):
            found.append(proc)
    return found


def our_server() -> psutil.Process:
    """The one server this test process started: a child of this process. (Not any
    descendant: an adapter the server is starting bears the server's name between its
    fork and its exec.)"""
    [server] = [p for p in psutil.Process().children() if p.name().startswith("jetbrains-debug")]
    return server


def warm_adapters(server_pid: int) -> list[psutil.Process]:
    """Adapters the server started ahead for its next launch (rust/dap/src/warm.rs): its
    own tagged children that serve no session yet (nothing started under them)."""
    warm = []
    for proc in tagged_by(server_pid):
        try:
            if proc.ppid() == server_pid and not proc.children():
                warm.append(proc)
        except psutil.Error:
            continue
    return warm


def session_processes(server_pid: int) -> list[psutil.Process]:
    """The processes of the server's sessions: tagged, less the one adapter started ahead."""
    warm = {p.pid for p in warm_adapters(server_pid)}
    return [p for p in tagged_by(server_pid) if p.pid not in warm]


def alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    """Those of `processes` still running (zombies count as gone)."""
    left = []
    for proc in processes:
        try:
            if proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE:
                left.append(proc)
        except psutil.Error:
            continue
    return left


async def orphans_after(server_pid: int, watched: list[psutil.Process], seconds: float = 10) -> list[str]:
    """What still lives after at most `seconds`: tagged by the server (but the one adapter a
    live server keeps started ahead), or among `watched`."""
    deadline = time.monotonic() + seconds
    while True:
        warm = warm_adapters(server_pid)
        kept = {p.pid for p in warm[:1]}
        left = {p.pid: p for p in alive(watched) + tagged_by(server_pid) if p.pid not in kept}
        if not left or time.monotonic() > deadline:
            described = []
            for proc in left.values():
                try:
                    described.append(f"{proc.pid}: {' '.join(proc.cmdline())}")
                except psutil.Error:
                    continue
            return described
        await anyio.sleep(0.05)


class RawHttp:
    """Bare MCP over HTTP: initialize, call, delete, without an SDK in between."""

    def __init__(self, port: int) -> None:
        self.port = port

    def request(self, method: str, body: dict | None = None, session: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            sent = {
                "Host": f"127.0.0.1:{self.port}",
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
                **harness.auth_header_of(self.port),
                **(headers or {}),
            }
            if session:
                sent["Mcp-Session-Id"] = session
                sent["MCP-Protocol-Version"] = "2025-11-25"
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, "/mcp", body=data, headers=sent)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode(errors="replace")
        finally:
            connection.close()

    def open_session(self) -> str:
        status, headers, text = self.request("POST", {
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                       "clientInfo": {"name": "reliability", "version": "0"}},
        })
        assert status == 200, text
        session = {k.lower(): v for k, v in headers.items()}["mcp-session-id"]
        self.request("POST", {"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
        return session

    def call(self, session: str, tool: str, arguments: dict, id_: int = 2) -> dict:
        status, _, text = self.request("POST", {
            "jsonrpc": "2.0", "id": id_, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments},
        }, session)
        assert status == 200, text
        return message_of(text)

    def delete(self, session: str) -> int:
        return self.request("DELETE", None, session)[0]


def message_of(text: str) -> dict:
    """The JSON-RPC message of a JSON or SSE answer."""
    for line in text.splitlines():
        if line.startswith("data:") and line[5:].strip():
            return json.loads(line[5:])
    return json.loads(text)
