"""Progress and cancellation of the tools that wait, through the official Python SDK on
both transports and both protocol generations: a call that carries a progressToken gets
`notifications/progress` at least once a second (elapsed time, state, hits, the last
output line) while it waits; cancelling it (the SDK sends `notifications/cancelled`, or
on 2026-07-28 over HTTP closes the request's stream) ends the wait at once, leaves the
session running, and the history records the call as `cancelled`."""

from __future__ import annotations

import json
import time
from typing import Any

import anyio
import psutil
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import MODES, PROGRAMS, TRANSPORTS, Tools, connect, line_of, server_args, server_env, serve_http, tidy
from helpers.history import check_cancelled

pytestmark = pytest.mark.anyio

TICKING = "ticking.py"


async def progress_then_cancel(t, tool: str, arguments: dict[str, Any], reports: int = 2):
    """Call `tool`, collect `reports` progress notifications, then cancel the call.
    Returns the reports [(monotonic time, progress, message)] and the wall time of the cancel."""
    seen: list[tuple[float, float, str | None]] = []
    enough = anyio.Event()

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((time.monotonic(), progress, message))
        if len(seen) >= reports:
            enough.set()

    async def call() -> None:
        result = await t.client.call_tool(tool, arguments, progress_callback=on_progress)
        raise AssertionError(f"{tool} answered while it should still wait: {result}")

    async with anyio.create_task_group() as group:
        group.start_soon(call)
        with anyio.fail_after(30):
            await enough.wait()
        cancelled_at = time.time()
        group.cancel_scope.cancel()
    return seen, cancelled_at


def check_reports(reports, session_state: str = "running", output: bool = True) -> None:
    progress = [p for _, p, _ in reports]
    assert progress == sorted(progress) and len(set(progress)) == len(progress), progress
    gaps = [b - a for (a, _, _), (b, _, _) in zip(reports, reports[1:])]
    print(f"progress every {', '.join(f'{g:.2f}' for g in gaps)} s: {[m for _, _, m in reports]}")
    for _, _, message in reports:
        assert "s waited" in message and session_state in message and "hits" in message, message
    if output:
        # The program prints every 0.2 s; the first report may come before its first line.
        assert "last output: tick" in reports[-1][2], reports


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
async def test_a_waiting_start_and_resume_report_progress_and_end_on_cancel(binary, state_dir, transport, mode):
    async with connect(binary, state_dir, transport=transport, mode=mode) as t:
        # No breakpoint: the start waits for a stop that does not come.
        reports, cancelled_at = await progress_then_cancel(
            t, "start_debug_session", {"configuration_name": "Ticking", "timeout": 60})
        check_reports(reports)
        await check_cancelled(state_dir, "start_debug_session", cancelled_at)
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [s["state"] for s in sessions] == ["running"], sessions

        # Paused at a breakpoint, then resumed with the breakpoint gone: resume waits.
        bp = await t.ok("set_breakpoint", file_path=TICKING, line=line_of(TICKING, "tick"))
        paused = await t.ok("pause")
        assert paused["state"] == "paused", paused
        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        reports, cancelled_at = await progress_then_cancel(t, "resume", {"timeout": 60})
        check_reports(reports)
        await check_cancelled(state_dir, "resume", cancelled_at)
        status = await t.status()
        assert status["state"] == "running", status
        # The session goes on and is still driven normally.
        assert (await t.ok("pause"))["state"] == "paused"


async def test_every_waiting_tool_reports_progress_and_is_cancelled(server, state_dir):
    async with server() as t:
        reports, cancelled_at = await progress_then_cancel(
            t, "run_configuration", {"configuration_name": "Ticking", "wait_for_completion": True,
                                     "timeout": 60})
        check_reports(reports)
        await check_cancelled(state_dir, "run_configuration", cancelled_at)
        await t.stop_all()

        # Paused before a 30 s sleep: step_over waits for it.
        sleep = line_of(TICKING, "tick_sleep")
        bp = await t.ok("set_breakpoint", file_path=TICKING, line=sleep)
        started = await t.start("Ticking Slowly")
        assert started["status"] == "paused", started
        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        reports, cancelled_at = await progress_then_cancel(t, "step_over", {"timeout": 60})
        check_reports(reports)
        await check_cancelled(state_dir, "step_over", cancelled_at)
        assert (await t.status())["state"] == "running"

        # run_to_line to a line never reached, from a stop.
        bp = await t.ok("set_breakpoint", file_path=TICKING, line=line_of(TICKING, "tick"))
        with anyio.fail_after(60):
            while (await t.status())["state"] != "paused":
                await anyio.sleep(0.2)
        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        reports, cancelled_at = await progress_then_cancel(
            t, "run_to_line", {"file_path": TICKING, "line": line_of(TICKING, "never_reached"), "timeout": 60})
        check_reports(reports)
        await check_cancelled(state_dir, "run_to_line", cancelled_at)
        await t.stop_all()

        # trace_execution launching a session whose probe is never hit; its probe is
        # removed when the call is cancelled.
        reports, cancelled_at = await progress_then_cancel(
            t, "trace_execution", {"configuration_name": "Ticking", "timeout": 60,
                                   "probes": [{"file_path": TICKING, "line": line_of(TICKING, "never_reached"),
                                               "expressions": ["tick"]}]})
        check_reports(reports)
        await check_cancelled(state_dir, "trace_execution", cancelled_at)
        assert (await t.ok("list_breakpoints"))["breakpoints"] == []
        assert [s["state"] for s in (await t.ok("list_debug_sessions"))["sessions"]
                if s["state"] != "stopped"] == ["running"]


async def test_the_stdio_relay_passes_progress_and_cancellation_on(binary, state_dir):
    """`stdio` attached to a running server (found through a discovery file, as an IDE's
    would be) forwards the server's progress to the agent and the agent's cancel to the
    server."""
    async with serve_http(binary, state_dir) as (port, log):
        serving = [p for p in psutil.process_iter(["cmdline"])
                   if "serve" in (p.info["cmdline"] or []) and str(port) in (p.info["cmdline"] or [])]
        assert len(serving) == 1, serving
        instances = state_dir / "instances"
        instances.mkdir()
        (instances / f"{serving[0].pid}.json").write_text(json.dumps({
            "pid": serving[0].pid, "mcp_url": f"http://127.0.0.1:{port}/mcp", "ide": "test",
            "projects": [{"name": "programs", "path": str(PROGRAMS)}], "updated_ms": int(time.time() * 1000)}))
        params = StdioServerParameters(command=binary, args=["stdio", *server_args((PROGRAMS,), True, ())],
                                       env=server_env(state_dir))
        with open(state_dir.parent / "relay.log", "w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                t = Tools(client, log)
                # The relay (not a standalone server of its own): it declares no
                # resource subscriptions.
                assert not client.server_capabilities.resources.subscribe
                try:
                    reports, cancelled_at = await progress_then_cancel(
                        t, "start_debug_session", {"configuration_name": "Ticking", "timeout": 60})
                    check_reports(reports)
                    await check_cancelled(state_dir, "start_debug_session", cancelled_at)
                    sessions = (await t.ok("list_debug_sessions"))["sessions"]
                    assert [s["state"] for s in sessions] == ["running"], sessions
                finally:
                    await tidy(t)
