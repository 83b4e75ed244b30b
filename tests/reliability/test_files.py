"""Special files in the project: a 300 MB file without a newline, one 20 MB line, a
FIFO, a symlink out. Each read answers quickly with a bounded answer or a clear error,
and another client's `initialize` still answers while they are read."""

from __future__ import annotations

import json
import time

import anyio
import pytest
from mcp import Client

from conftest import figure, harness

pytestmark = pytest.mark.anyio

ANSWER_CAP = 64 * 1024  # bytes of one answer, at most


async def test_special_files_are_read_safely(binary, state_dir, trap_project):
    async with harness.serve_http(binary, state_dir, projects=(trap_project,)) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(url, mode="legacy") as client:
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
                    async with Client(url, mode="legacy") as other:
                        await other.list_tools()
                figure("initialize during 12 special reads ms", round((time.monotonic() - started) * 1000))
