"""Start/stop cycles and fault injection against real debugpy: every answer within a
bound, no orphan process (none left with the server's session tag, and the harness's
autouse check), the server's RSS and open files within stated bounds."""

from __future__ import annotations

import os
import signal
import time

import anyio
import psutil
import pytest

from conftest import figure, harness, orphans_after, server_process, tagged_by

pytestmark = pytest.mark.anyio

CYCLES = 100
LANES = 4  # cycles run in 4 concurrent lanes of 25: one debugpy start costs ~1.5 s here
FD_GROWTH_BOUND = 10
RSS_GROWTH_BOUND_MB = 20
ANSWER_BOUND = 15  # seconds


async def test_start_stop_cycles_leave_nothing_behind(binary, state_dir):
    async with harness.serve_http(binary, state_dir) as (port, log):
        from mcp import Client
        async with Client(harness.http_client(f"http://127.0.0.1:{port}/mcp"), mode="legacy") as client:
            tools = harness.Tools(client, log)
            server = server_process(port)
            await tools.ok("set_breakpoint", file_path="short.py", line=harness.line_of("short.py", "short"))
            fds_before, rss_before = server.num_fds(), server.memory_info().rss
            most_tagged = 0

            async def lane() -> None:
                nonlocal most_tagged
                for _ in range(CYCLES // LANES):
                    with anyio.fail_after(ANSWER_BOUND):
                        session = await tools.start("Short", timeout=ANSWER_BOUND)
                        assert session["status"] == "paused", session
                        most_tagged = max(most_tagged, len(tagged_by(server.pid)))
                        stopped = await tools.ok("stop_debug_session", session_id=session["session_id"])
                        assert stopped["status"] == "stopped", stopped

            started = time.monotonic()
            async with anyio.create_task_group() as group:
                for _ in range(LANES):
                    group.start_soon(lane)
            elapsed = time.monotonic() - started
            orphans = await orphans_after(server.pid, [])
            fds_after, rss_after = server.num_fds(), server.memory_info().rss
            listed = await tools.ok("list_debug_sessions")
            figure("start/stop cycles (lanes) / seconds", f"{CYCLES} ({LANES}) / {round(elapsed, 1)}")
            figure("start/stop cycle mean ms per lane", round(elapsed / (CYCLES / LANES) * 1000))
            figure("tagged processes at most during cycles / orphans after", f"{most_tagged}/{len(orphans)}")
            figure("server open files before/after (bound +10)", f"{fds_before}/{fds_after}")
            figure("server RSS before/after MB (bound +20)",
                   f"{round(rss_before / 1024 / 1024, 1)}/{round(rss_after / 1024 / 1024, 1)}")
            figure("sessions listed after cycles", len(listed["sessions"]))
            assert orphans == []
            assert fds_after - fds_before <= FD_GROWTH_BOUND
            assert (rss_after - rss_before) / 1024 / 1024 < RSS_GROWTH_BOUND_MB
            assert len(listed["sessions"]) <= 16, "ended sessions are pruned"


def debuggee_of(session_pid: int | None) -> psutil.Process:
    """The debuggee process running forever.py."""
    for proc in psutil.process_iter(["cmdline"]):
        if any(arg.endswith("forever.py") for arg in proc.info["cmdline"] or []) and \
                "debugpy" not in " ".join(proc.info["cmdline"][:2]):
            if session_pid is None or proc.pid == session_pid:
                return proc
    raise AssertionError("no debuggee running forever.py")


async def test_killing_the_debuggee_is_reported_within_a_bound(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        try:
            timings = {}
            for paused in (True, False):
                await tools.ok("remove_breakpoint", file_path="forever.py")
                if paused:
                    await tools.ok("set_breakpoint", file_path="forever.py",
                                   line=harness.line_of("forever.py", "forever_body"))
                started = await tools.start("Forever", wait_for_pause=paused, timeout=ANSWER_BOUND)
                session_id = started["session_id"]
                pid = started.get("process_id")
                os.kill(debuggee_of(pid).pid, signal.SIGKILL)
                killed_at = time.monotonic()
                with anyio.fail_after(ANSWER_BOUND):
                    while True:
                        listed = await tools.ok("list_debug_sessions")
                        state = {s["id"]: s["state"] for s in listed["sessions"]}[session_id]
                        if state == "stopped":
                            break
                        await anyio.sleep(0.005)
                took = time.monotonic() - killed_at
                # Asked directly, the session says it ended (an error naming the end, or its status).
                result = await tools.raw("get_debug_session_status", {"session_id": session_id})
                assert "stopped" in harness.text_of(result) or "ended" in harness.text_of(result), result
                timings["paused" if paused else "running"] = round(took * 1000)
                # The server still answers, and the next session works.
                await tools.ok("list_debug_sessions")
            figure("SIGKILL of the debuggee reported after ms", timings)
            await tools.ok("remove_breakpoint", file_path="forever.py")
        finally:
            await harness.tidy(tools)
