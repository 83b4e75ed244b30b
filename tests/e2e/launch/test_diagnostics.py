"""Diagnostics on debugpy and on lldb-dap, through the official MCP client:
a session that failed to start or died says why, in its status and in the error, and the
three causes are told apart by their codes:
- the adapter killed mid-session: `ended_because: adapter_crashed` with its signal, the
  last protocol events (the stop among them) in `diagnostics`, in the status and in the
  `session_ended` error of the next call;
- the program ending before any stop: a success (`status: stopped`) whose message says so
  with the exit code and the last output line, no `ended_because`;
- a launch the adapter never answers (a fake adapter that answers `initialize` only):
  `timeout`, with `launch` among the pending requests and its age, and the adapter's stderr;
- an adapter that exits when asked to launch: `adapter_crashed`, with its exit code and
  the `launch` it left unanswered.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import psutil
import pytest

from conftest import connect
from helpers.fault_projects import Project, c_project, fake_adapter_env, python_project

pytestmark = pytest.mark.anyio

TAG_ENV = "JETBRAINS_DEBUGGER_SESSION_TAG"
# A diagnostics detail stays small: agents pay per token.
DIAGNOSTICS_BUDGET = 6 * 1024


@pytest.fixture(params=["python", "c"])
def project(request, tmp_path: Path) -> Project:
    make = {"python": python_project, "c": c_project}[request.param]
    return make((tmp_path / request.param).resolve())


def adapter_of(debuggee_pid: int) -> psutil.Process:
    """The session's adapter: the root of the processes carrying the debuggee's session tag
    (its value names this server too, so other servers' sessions do not count)."""
    tag = psutil.Process(debuggee_pid).environ()[TAG_ENV]
    process = psutil.Process(debuggee_pid)
    while (parent := process.parent()) is not None:
        try:
            if parent.environ().get(TAG_ENV) != tag:
                break
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            break
        process = parent
    return process


def small(diagnostics: dict) -> None:
    assert len(json.dumps(diagnostics)) < DIAGNOSTICS_BUDGET, diagnostics


async def test_an_adapter_killed_mid_session_is_told_as_a_crash(binary, state_dir, project):
    async with connect(binary, state_dir, projects=(project.root,)) as t:
        await t.ok("set_breakpoint", file_path=str(project.loop_file), line=project.loop_line)
        started = await t.start("Loop", timeout=60)
        assert started["status"] == "paused", started
        session = started["session_id"]
        listed = (await t.ok("list_debug_sessions"))["sessions"]
        debuggee = next(s["process_id"] for s in listed if s["id"] == session)
        adapter = adapter_of(debuggee)
        assert adapter.pid != debuggee, "the adapter is the debuggee's tagged ancestor"
        adapter.kill()

        status = await t.wait_until_ended(session)
        assert status["state"] == "stopped", status
        assert status.get("ended_because") == "adapter_crashed", status
        assert "exited unexpectedly (it ended with signal SIGKILL)" in status["message"], status
        diagnostics = status["diagnostics"]
        assert diagnostics["adapter_signal"] == "SIGKILL", diagnostics
        events = [e["event"] for e in diagnostics["last_events"]]
        assert "stopped" in events, diagnostics
        assert all(e["ago_ms"] >= 0 and len(e["summary"]) <= 81 for e in diagnostics["last_events"])
        small(diagnostics)

        # The next call on the session says the same.
        body = await t.err("step_over", "session_ended", session_id=session)
        assert body["ended_because"] == "adapter_crashed", body
        assert body["diagnostics"]["adapter_signal"] == "SIGKILL", body
        assert "SIGKILL" in body["message"], body


async def test_a_program_that_ends_before_any_stop_is_no_crash(binary, state_dir, project):
    async with connect(binary, state_dir, projects=(project.root,)) as t:
        started = await t.start("Exits", timeout=60)
        assert started["status"] == "stopped", started
        message = started["message"]
        assert f"ended with exit code {project.exit_code} before any stop" in message, message
        assert project.last_output in message, message
        assert started["execution"]["exit_code"] == project.exit_code, started
        status = await t.status(session_id=started["session_id"])
        assert status["state"] == "stopped" and status["exit_code"] == project.exit_code, status
        assert "ended_because" not in status and "diagnostics" not in status, status


async def test_a_launch_that_hangs_is_a_timeout_with_its_pending_requests(binary, state_dir, project):
    async with connect(binary, state_dir, projects=(project.root,), env=fake_adapter_env(project)) as t:
        began = time.monotonic()
        body = await t.err("start_debug_session", "timeout", configuration_name="Fake")
        assert time.monotonic() - began < 60, "bounded by the launch timeout"
        # The launch's own wait or the handshake's, whichever passes first: 30 s.
        assert "within 30" in body["message"], body
        diagnostics = body["diagnostics"]
        pending = diagnostics["pending_requests"]
        assert pending[0]["command"] == "launch" and pending[0]["age_ms"] >= 29_000, pending
        assert "fake adapter: up" in diagnostics["stderr_tail"], diagnostics
        first = diagnostics["last_events"][0]
        assert first["event"] == "output" and first["summary"].startswith('{"category":"console"'), first
        assert first["ago_ms"] >= 29_000, first
        small(diagnostics)

        # The failed session is listed, ended, and its status says why.
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [s["state"] for s in sessions] == ["stopped"], sessions
        status = await t.status(session_id=sessions[0]["id"])
        assert status["ended_because"] == "timeout", status
        assert status["diagnostics"]["pending_requests"][0]["command"] == "launch", status


async def test_an_adapter_that_exits_during_the_launch_is_a_crash(binary, state_dir, project):
    env = fake_adapter_env(project, FAKE_ADAPTER_ON_LAUNCH="exit")
    async with connect(binary, state_dir, projects=(project.root,), env=env) as t:
        body = await t.err("start_debug_session", "adapter_crashed", configuration_name="Fake")
        assert "exited during the launch (it ended with exit code 3)" in body["message"], body
        assert "fake adapter: exiting on launch" in body["message"], "the stderr tail is quoted"
        diagnostics = body["diagnostics"]
        assert diagnostics["adapter_exit_code"] == 3, diagnostics
        assert [r["command"] for r in diagnostics["pending_requests"]] == ["launch"], "left unanswered"
        assert "fake adapter: exiting on launch" in diagnostics["stderr_tail"], diagnostics
        small(diagnostics)
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        status = await t.status(session_id=sessions[0]["id"])
        assert status["ended_because"] == "adapter_crashed", status
