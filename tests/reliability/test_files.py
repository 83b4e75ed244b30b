"""Special files in the project: a 300 MB file without a newline, one 20 MB line, a
FIFO, a symlink out. Each read answers quickly with a bounded answer or a clear error,
and another client's `initialize` still answers while they are read."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from conftest import figure, harness, server_process

pytestmark = pytest.mark.anyio

ANSWER_CAP = 64 * 1024  # bytes of one answer, at most


async def test_special_files_are_read_safely(binary, state_dir, trap_project):
    async with harness.serve_http(binary, state_dir, projects=(trap_project,)) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(harness.http_client(url), mode="legacy") as client:
            tools = harness.Tools(client, log)
            timings = {}
            for name, line in [("huge.py", 1), ("huge.py", 5000), ("one_line.py", 1), ("pipe.py", 1),
                               ("out.py", 1), ("ok.py", 2)]:
                started = time.monotonic()
                with anyio.fail_after(15):
                    result = await tools.raw("get_source_context", {"file_path": name, "line": line})
                took = time.monotonic() - started
                timings[f"{name}:{line}"] = round(took * 1000)
                text = harness.text_of(result)
                assert len(text) < ANSWER_CAP, (name, len(text))
                assert took < 5, (name, took)
                body = json.loads(text)
                if name == "ok.py":
                    assert not result.is_error and "print(x + y)" in body["source"], body
                elif name == "one_line.py":
                    assert not result.is_error and body["truncated"] is True, body
                elif name == "pipe.py":
                    assert result.is_error and "FIFO" in body["message"], body
                elif name == "out.py":
                    assert result.is_error and body["error"] == "path_outside_project", body
                elif line == 1:
                    assert not result.is_error and body["truncated"] is True, body
                else:
                    assert result.is_error and body["error"] == "invalid_location", body
            figure("special-file read ms", timings)

            # Many slow reads at once never starve the server: a new client still connects.
            async with anyio.create_task_group() as group:
                for _ in range(4):
                    for name in ("huge.py", "one_line.py", "pipe.py"):
                        group.start_soon(tools.raw, "get_source_context", {"file_path": name, "line": 1})
                started = time.monotonic()
                with anyio.fail_after(5):
                    async with Client(harness.http_client(url), mode="legacy") as other:
                        await other.list_tools()
                figure("initialize during 12 special reads ms", round((time.monotonic() - started) * 1000))


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory so far (Linux's VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


async def test_no_file_read_is_unbounded(binary, state_dir, trap_project):
    """The source resource refuses FIFOs and devices at once, like the tools; a breakpoint on
    line 1 of a 1 GiB file reads line 1, not the file."""
    with open(trap_project / "gig.py", "wb") as f:
        f.write(b"x = 1\n")
        f.truncate(1 << 30)
    (trap_project / "urandom.py").symlink_to("/dev/urandom")
    devices = ["urandom.py"]
    try:
        os.mknod(trap_project / "zero.py", stat.S_IFCHR | 0o600, os.makedev(1, 5))
        devices.append("zero.py")
    except PermissionError:
        pass  # creating a device needs CAP_MKNOD; the link covers the case then
    (trap_project / ".vscode").mkdir()
    (trap_project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [{
        "name": "Ok", "type": "debugpy", "request": "launch",
        "program": "${workspaceFolder}/ok.py", "console": "internalConsole"}]}))
    async with harness.serve_http(binary, state_dir, projects=(trap_project,)) as (port, log):
        server = server_process(port)
        async with Client(harness.http_client(f"http://127.0.0.1:{port}/mcp"), mode="legacy") as client:
            tools = harness.Tools(client, log)
            await tools.ok("set_breakpoint", file_path="ok.py", line=1)
            await tools.start("Ok")
            timings = {}
            for name in ["pipe.py", *devices]:
                started = time.monotonic()
                with anyio.fail_after(15):
                    with pytest.raises(MCPError) as refused:
                        await client.read_resource(f"debugger://source/{name}")
                timings[name] = round((time.monotonic() - started) * 1000)
                error = refused.value.error
                assert error.data["error"] in ("file_not_found", "path_outside_project"), error
            figure("source resource of a FIFO / device: refused after ms", timings)
            assert max(timings.values()) < 2000, timings

            before = peak_rss_mb(server.pid)
            started = time.monotonic()
            with anyio.fail_after(30):
                set_ = await tools.ok("set_breakpoint", file_path="gig.py", line=1)
            took = time.monotonic() - started
            grown = peak_rss_mb(server.pid) - before
            figure("set_breakpoint on line 1 of a 1 GiB file: ms / peak RSS growth MB",
                   f"{round(took * 1000)}/{round(grown, 1)}")
            assert set_["status"] == "set", set_
            assert grown < 64, f"the server read {grown} MB to check one line"
