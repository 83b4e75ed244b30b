"""The official MCP TypeScript SDK (@modelcontextprotocol/sdk, pinned in tests/mcp-node.sh,
run by Node 22) against the real binary on both transports: progress of a waiting call
and its cancellation through an AbortSignal, the session left running, the call recorded
as cancelled, and an unknown tool as a -32602 protocol error. The SDK's newest release
(1.32.2) speaks the handshake generation only (up to 2025-11-25); the 2026-07-28
generation is tested with the Python SDK (test_progress.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import anyio
import pytest

from conftest import PROGRAMS, PYTHON, ROOT, auth_header, server_env, serve_http
from helpers.history import check_cancelled

pytestmark = pytest.mark.anyio

SCRIPT = Path(__file__).resolve().parents[1] / "typescript" / "progress_cancel.mjs"


@pytest.fixture(scope="session")
def node_dir() -> Path:
    installed = subprocess.run(["bash", str(ROOT / "tests" / "mcp-node.sh")], check=True,
                               capture_output=True, text=True, timeout=600)
    return Path(installed.stdout.strip())


def run_script(node_dir: Path, args: list[str], env: dict[str, str]) -> list[dict]:
    # The script resolves the SDK from its own directory: it runs from the install's.
    script = node_dir / SCRIPT.name
    shutil.copy(SCRIPT, script)
    done = subprocess.run([str(node_dir / "node_modules" / ".bin" / "node"), str(script), *args],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_progress_and_cancellation_through_the_typescript_sdk(binary, state_dir, node_dir, transport):
    env = server_env(state_dir)
    if transport == "stdio":
        args = ["stdio", binary, str(PROGRAMS), PYTHON]
        events = await anyio.to_thread.run_sync(run_script, node_dir, args, env)
        check(events)
        await check_cancelled(state_dir, "start_debug_session", cancelled_at(events))
    else:
        async with serve_http(binary, state_dir) as (port, _):
            args = ["http", f"http://127.0.0.1:{port}/mcp"]
            env["JBD_TEST_AUTHORIZATION"] = auth_header(state_dir)["Authorization"]
            events = await anyio.to_thread.run_sync(run_script, node_dir, args, env)
            check(events)
            await check_cancelled(state_dir, "start_debug_session", cancelled_at(events))


def cancelled_at(events: list[dict]) -> float:
    return next(e for e in events if e["event"] == "cancelling")["at"]


def check(events: list[dict]) -> None:
    kinds = [e["event"] for e in events]
    assert kinds[:2] == ["connected", "progress"], events
    progress = [e for e in events if e["event"] == "progress"]
    assert len(progress) == 2 and progress[0]["progress"] < progress[1]["progress"], progress
    assert all("s waited" in p["message"] and "running" in p["message"] for p in progress), progress
    assert "last output: tick" in progress[-1]["message"], progress
    ended = next(e for e in events if e["event"] == "call_ended")
    assert "the test cancels" in ended["error"], ended
    sessions = next(e for e in events if e["event"] == "sessions")["sessions"]
    assert [s["state"] for s in sessions] == ["running"], sessions
    unknown = next(e for e in events if e["event"] == "unknown_tool")
    assert unknown["code"] == -32602 and "Unknown tool: no_such_tool" in unknown["message"], unknown
    assert kinds[-1] == "closed", events
