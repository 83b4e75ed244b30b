"""Execution control and sessions: step into/out, run to line, pause, resume, threads,
stack frames, a crashing program, and process hygiene on stop and on server exit."""

from __future__ import annotations

import anyio
import psutil
import pytest

from conftest import PROGRAMS, connect, debuggee_processes, line_of

pytestmark = pytest.mark.anyio

NESTED = str(PROGRAMS / "nested.py")


def gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


async def wait_gone(pid: int, seconds: float = 10) -> bool:
    with anyio.move_on_after(seconds):
        while not gone(pid):
            await anyio.sleep(0.1)
    return gone(pid)


async def test_step_into_and_step_out(server):
    async with server() as t:
        call_line = line_of("nested.py", "call_line_total")
        await t.ok("set_breakpoint", file_path="nested.py", line=call_line)
        started = await t.start("Nested")
        assert started["execution"]["new_location"]["method"] == "process"

        into = await t.ok("step_into")
        assert into["status"] == "stepped" and into["paused_reason"] == "step"
        assert into["new_location"]["method"] == "line_total"
        assert into["new_location"]["line"] == line_of("nested.py", "line_total")
        assert into["new_location"]["file"] == NESTED

        stack = await t.ok("get_stack_trace")
        assert [f["method"] for f in stack["frames"]] == ["line_total", "process", "main", "<module>"]
        assert stack["total_frames"] == 4 and stack["thread"] == "MainThread"
        assert [f["index"] for f in stack["frames"]] == [0, 1, 2, 3]
        assert stack["frames"][0]["is_current"] is True and stack["frames"][1]["is_current"] is False
        assert all(f["is_library"] is False and f["file"] == NESTED for f in stack["frames"])
        assert stack["frames"][1]["line"] == call_line
        limited = await t.ok("get_stack_trace", max_frames=2)
        assert len(limited["frames"]) == 2 and limited["total_frames"] == 4

        out = await t.ok("step_out")
        assert out["status"] == "stepped"
        assert out["new_location"]["method"] == "process"
        assert out["new_location"]["line"] == call_line  # back in the caller, the += still to finish
        variables = await t.variables()
        assert variables["subtotal"] == "0"
        stepped = await t.ok("step_over")
        assert stepped["new_location"]["method"] == "process"
        assert (await t.variables())["subtotal"] == "10"


async def test_run_to_line_leaves_user_breakpoints_intact(server):
    async with server() as t:
        inner, target = line_of("nested.py", "line_total"), line_of("nested.py", "after_loop")
        printed = line_of("nested.py", "main_print")
        bp_inner = await t.ok("set_breakpoint", file_path="nested.py", line=inner)
        bp_print = await t.ok("set_breakpoint", file_path="nested.py", line=printed)
        before = await t.ok("list_breakpoints")
        started = await t.start("Nested")
        assert started["execution"]["new_location"]["line"] == inner
        assert (await t.variables())["item"].startswith("<")  # the pen

        # On the way to the target, the user's breakpoint still stops execution.
        stopped = await t.ok("run_to_line", file_path="nested.py", line=target)
        assert stopped["paused_reason"] == "breakpoint" and stopped["new_location"]["line"] == inner
        assert stopped["breakpoints_hit"] == [bp_inner["breakpoint_id"]]
        assert await t.evaluate("item.name") == "'book'"

        # With ignore_breakpoints it runs straight to the target line.
        arrived = await t.ok("run_to_line", file_path=NESTED, line=target, ignore_breakpoints=True)
        assert arrived["state"] == "paused" and arrived["new_location"]["line"] == target
        assert arrived["new_location"]["method"] == "process"
        assert arrived.get("breakpoints_hit", []) == []
        assert (await t.variables())["subtotal"] == "82"

        # The user's breakpoints are exactly as they were (no run-to-line leftovers).
        after = await t.ok("list_breakpoints")
        assert [(b["id"], b["line"], b["enabled"]) for b in after["breakpoints"]] == \
            [(b["id"], b["line"], b["enabled"]) for b in before["breakpoints"]]
        hit = await t.ok("resume")
        assert hit["new_location"]["line"] == printed and hit["breakpoints_hit"] == [bp_print["breakpoint_id"]]
        # And the run-to-line target does not stop anything later.
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 0


async def test_pause_resume_and_not_paused(server):
    async with server() as t:
        started = await t.start("Forever", wait_for_pause=False)
        assert started["status"] == "started" and "execution" not in started
        session = started["session_id"]
        await anyio.sleep(0.5)
        status = await t.status()
        assert status["state"] == "running" and "current_location" not in status

        body = await t.err("resume", "not_paused")
        assert session in body["message"]
        await t.err("step_over", "not_paused")
        await t.err("get_variables", "not_paused")

        paused = await t.ok("pause")
        assert paused["status"] == "paused" and paused["paused_reason"] == "pause"
        assert paused["new_location"]["file"] == str(PROGRAMS / "forever.py")
        first = int(await t.evaluate("counter"))
        assert first > 0
        again = await t.ok("pause")  # pausing a paused session reports where it is
        assert again["status"] == "paused" and "Already paused" in again["message"]

        running = await t.ok("resume", timeout=1)
        assert running["status"] == "running" and running["state"] == "running"
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [(s["id"], s["state"], s["is_current"], s["mode"]) for s in sessions] == \
            [(session, "running", True, "debug")]
        paused = await t.ok("pause", timeout=10)
        assert paused["paused_reason"] == "pause"
        assert int(await t.evaluate("counter")) > first


async def test_stop_debug_session_leaves_no_debuggee_process(server):
    async with server() as t:
        started = await t.start("Forever", wait_for_pause=False)
        session = started["session_id"]
        pid = None
        with anyio.fail_after(10):
            while pid is None:
                sessions = (await t.ok("list_debug_sessions"))["sessions"]
                pid = sessions[0]["process_id"]
                await anyio.sleep(0.1)
        proc = psutil.Process(pid)
        assert "forever.py" in " ".join(proc.cmdline())

        stopped = await t.ok("stop_debug_session", session_id=session)
        assert stopped["status"] == "stopped" and stopped["session_id"] == session
        assert await wait_gone(pid), f"debuggee {pid} still running after stop_debug_session"
        assert debuggee_processes() == []
        status = await t.status(session_id=session)
        assert status["state"] == "stopped"
        await t.err("resume", "session_ended", session_id=session)
        again = await t.ok("stop_debug_session", session_id=session)  # already ended: fine
        assert again["status"] == "stopped"


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_server_exit_ends_its_debuggees(binary, state_dir, transport):
    async with connect(binary, state_dir, transport=transport, cleanup=False) as t:
        await t.start("Forever", wait_for_pause=False)
        with anyio.fail_after(10):
            while not debuggee_processes():
                await anyio.sleep(0.1)
    # The autouse `no_leftover_debuggees` fixture fails the test if forever.py survives.


async def test_crashing_program_ends_the_session_with_the_error_visible(server):
    async with server() as t:
        # Without the default break on uncaught exceptions (test_uncaught.py covers the
        # stop), the crash ends the session: never a hang.
        started = await t.start("Crash", timeout=20, break_on_uncaught=False)
        session = started["session_id"]
        assert started["status"] == "stopped" and started["break_on_uncaught"] is False, started
        status = await t.wait_until_ended(session)
        assert status["state"] == "stopped"
        assert status["exit_code"] == 1
        assert "exit code 1" in status["message"]
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert sessions[0]["state"] == "stopped" and sessions[0]["exit_code"] == 1
        await t.err("step_over", "session_ended", session_id=session)


async def test_crash_output_shows_the_traceback(server):
    async with server() as t:
        bp = await t.ok("set_exception_breakpoint", exception_class="RuntimeError", caught=False, uncaught=True)
        started = await t.start("Crash", timeout=20)
        execution = started["execution"]
        assert execution["paused_reason"] == "exception"
        # The default break on uncaught stops there too; the stop is the user's breakpoint's.
        assert execution["breakpoints_hit"] == [bp["breakpoint_id"]], execution
        assert execution["exception"]["type"].split(".")[-1] == "RuntimeError"
        assert execution["exception"]["message"] == "kaboom from crash.py"
        assert execution["new_location"]["method"] == "explode"
        stack = await t.ok("get_stack_trace")
        assert [f["method"] for f in stack["frames"]][:5] == ["explode"] * 4 + ["<module>"]
        assert await t.evaluate("depth") == "0"
        ended = await t.ok("resume", timeout=20)
        while ended["state"] == "paused":
            ended = await t.ok("resume", timeout=20)
        assert ended["state"] == "stopped" and ended["exit_code"] == 1
        status = await t.status()
        output = (ended.get("output") or "") + status["output"]
        assert "RuntimeError: kaboom from crash.py" in output or "kaboom from crash.py" in output


async def test_threads_and_stack_of_another_thread(server):
    async with server() as t:
        line = line_of("threads.py", "threads_ready")
        await t.ok("set_breakpoint", file_path="threads.py", line=line)
        started = await t.start("Threads")
        assert started["execution"]["new_location"]["line"] == line
        threads = (await t.ok("list_threads"))["threads"]
        names = {th["name"] for th in threads}
        assert {"MainThread", "worker-1", "worker-2"} <= names
        assert [th["name"] for th in threads if th["is_current"]] == ["MainThread"]
        assert all(th["state"] == "paused" for th in threads)
        status = await t.status()
        assert status["thread_count"] == len(threads) and status["current_thread"]["name"] == "MainThread"

        worker = await t.ok("get_stack_trace", thread_name="worker-1")
        assert worker["thread"] == "worker-1"
        assert "worker" in [f["method"] for f in worker["frames"]]
        by_id = await t.ok("get_stack_trace", thread_id=worker["thread_id"])
        assert by_id["thread"] == "worker-1"
        await t.err("get_stack_trace", "thread_not_found", thread_name="no-such-thread")
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and "threads done 2" in ended["output"]


async def test_select_stack_frame_changes_the_context(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "line_total"))
        await t.start("Nested")
        top = await t.variables()
        assert "amount" not in top and top["item"].startswith("<")
        assert "discount" not in top

        selected = await t.ok("select_stack_frame", frame_index=1)
        assert selected["frame_index"] == 1
        assert selected["location"]["method"] == "process"
        assert selected["location"]["line"] == line_of("nested.py", "call_line_total")
        caller = await t.variables()
        assert caller["discount"] == "4" and caller["subtotal"] == "0"
        assert await t.evaluate("discount * 10") == "40"
        assert await t.evaluate("len(items)") == "3"
        status = await t.status()
        assert status["selected_frame"] == 1
        assert status["current_location"]["method"] == "process"
        assert [f.get("is_current", False) for f in status["stack_summary"]][:2] == [False, True]
        assert {v["name"] for v in status["variables"]} >= {"order", "discount", "items", "subtotal"}
        stack = await t.ok("get_stack_trace")
        assert [f["is_current"] for f in stack["frames"]][:2] == [False, True]

        # Explicit frame_index still reads another frame.
        assert (await t.variables(frame_index=0))["item"].startswith("<")
        assert await t.evaluate("item.name", frame_index=0) == "'pen'"
        main = await t.variables(frame_index=2)
        assert "customer" in main and "order" in main
        await t.err("select_stack_frame", "frame_not_found", frame_index=42)

        # Once execution moves, the top frame is selected again.
        await t.ok("step_over")
        status = await t.status()
        assert status["selected_frame"] == 0 and status["current_location"]["method"] == "line_total"


async def test_breakpoint_set_while_running_is_hit(server):
    async with server() as t:
        started = await t.start("Forever", wait_for_pause=False)
        await anyio.sleep(0.3)
        line = line_of("forever.py", "forever_body")
        bp = await t.ok("set_breakpoint", file_path="forever.py", line=line)
        assert bp["verified"] is True  # the live debugger confirmed it
        with anyio.fail_after(10):
            status = await t.status()
            while status["state"] != "paused":
                await anyio.sleep(0.1)
                status = await t.status()
        assert status["paused_reason"] == "breakpoint" and status["current_location"]["line"] == line
        assert status["breakpoint_hit"]["id"] == bp["breakpoint_id"]
        counter = int(await t.evaluate("counter"))
        # Removed while paused: resuming does not stop there again.
        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        running = await t.ok("resume", timeout=1)
        assert running["status"] == "running"
        paused = await t.ok("pause")
        assert paused["paused_reason"] == "pause"
        assert int(await t.evaluate("counter")) > counter + 5
        await t.ok("stop_debug_session", session_id=started["session_id"])


async def test_step_over_with_and_without_ignore_breakpoints(server):
    async with server() as t:
        call_line, inner = line_of("nested.py", "call_line_total"), line_of("nested.py", "line_total")
        await t.ok("set_breakpoint", file_path="nested.py", line=call_line)
        inner_bp = await t.ok("set_breakpoint", file_path="nested.py", line=inner)
        await t.start("Nested")
        # Stepping over the call: the breakpoint inside it stops execution...
        stopped = await t.ok("step_over")
        assert stopped["status"] == "paused" and stopped["paused_reason"] == "breakpoint"
        assert stopped["new_location"]["line"] == inner and stopped["breakpoints_hit"] == [inner_bp["breakpoint_id"]]
        await t.ok("step_out")
        # ... unless told to ignore breakpoints.
        again = await t.ok("resume")  # the next item: at the call line again
        assert again["new_location"]["line"] == call_line
        assert await t.evaluate("item.name") == "'book'"
        over = await t.ok("step_over", ignore_breakpoints=True)
        assert over["status"] == "stepped" and over["new_location"]["method"] == "process"
        assert over["new_location"]["line"] != inner
        # The breakpoint is still there and still works.
        listed = {b["id"] for b in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert inner_bp["breakpoint_id"] in listed


async def test_two_sessions_at_once(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        await t.ok("set_breakpoint", file_path="loop.py", line=line_of("loop.py", "loop_body"))
        first = await t.start("Nested")
        second = await t.start("Loop")
        assert first["session_id"] != second["session_id"]
        sessions = {s["id"]: s for s in (await t.ok("list_debug_sessions"))["sessions"]}
        assert sessions[first["session_id"]]["state"] == sessions[second["session_id"]]["state"] == "paused"
        assert sessions[second["session_id"]]["is_current"] is True  # the one started last
        assert sessions[first["session_id"]]["is_current"] is False
        assert sessions[first["session_id"]]["process_id"] != sessions[second["session_id"]]["process_id"]

        # Default: the current session; session_id picks the other one.
        assert (await t.status())["name"] == "Loop"
        assert (await t.variables())["i"] == "0"
        assert (await t.variables(session_id=first["session_id"]))["subtotal"] == "82"
        stepped = await t.ok("step_over", session_id=first["session_id"])
        assert stepped["session_id"] == first["session_id"] and stepped["new_location"]["method"] == "process"
        assert (await t.status(session_id=second["session_id"]))["current_location"]["line"] == \
            line_of("loop.py", "loop_body")

        await t.ok("stop_debug_session", session_id=first["session_id"])
        sessions = {s["id"]: s["state"] for s in (await t.ok("list_debug_sessions"))["sessions"]}
        assert sessions == {first["session_id"]: "stopped", second["session_id"]: "paused"}
        resumed = await t.ok("resume")  # the live one is current now
        assert resumed["session_id"] == second["session_id"] and (await t.variables())["i"] == "1"


async def test_run_session_can_be_stopped(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="forever.py", line=line_of("forever.py", "forever_body"))
        run = await t.ok("run_configuration", configuration_name="Forever")
        assert run["status"] == "started"
        await anyio.sleep(0.5)
        status = await t.status(session_id=run["session_id"])
        assert status["state"] == "running"  # the breakpoint does not apply to a run
        assert "without the debugger" in status["message"]
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [(s["mode"], s["state"]) for s in sessions] == [("run", "running")]
        pid = sessions[0]["process_id"]
        assert pid and not gone(pid)
        stopped = await t.ok("stop_debug_session")
        assert stopped["status"] == "stopped"
        assert await wait_gone(pid)


async def test_pause_of_a_run_session_says_why_not(server):
    async with server() as t:
        await t.ok("run_configuration", configuration_name="Forever")
        await anyio.sleep(0.5)
        body = await t.err("pause")
        assert body["error"] in {"not_supported", "cannot_debug"}, body
        assert "debugger" in body["message"]
