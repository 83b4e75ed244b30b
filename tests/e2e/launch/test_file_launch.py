"""Debugging a file with no run configuration, standalone with debugpy:
start_debug_session with file_path makes the configuration the IDE's gutter "Debug" would
(the script itself, or pytest for a test file); `line` stops there through a temporary
breakpoint of the agent's that never outlives its use; bad input and a refused
confirmation launch nothing and leave no breakpoint behind."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import anyio
import pytest
from mcp import types

from conftest import PROGRAMS, connect, line_of

pytestmark = pytest.mark.anyio

# A test file the debuggee's pytest runs. Written per test: tests/e2e is pytest's own
# collection root, so a test_*.py among the programs would be collected as ours.
CART_TESTS = textwrap.dedent('''\
    def cart_total(prices, discount):
        return sum(prices) - discount


    def test_total_after_discount():
        prices = [10, 20, 30]
        total = cart_total(prices, 5)  # MARK: in_test
        assert total == 55


    def test_empty_cart():
        assert cart_total([], 0) == 0
    ''')


@pytest.fixture
def cart_project(tmp_path: Path) -> Path:
    project = tmp_path / "cart"
    project.mkdir()
    (project / "test_cart.py").write_text(CART_TESTS)
    return project.resolve()


async def breakpoints_of(t) -> list[dict]:
    return (await t.ok("list_breakpoints"))["breakpoints"]


async def paused_status(t, seconds: float = 20) -> dict:
    """Poll the status until the current session is no longer running (bounded)."""
    deadline = time.monotonic() + seconds
    while True:
        status = await t.status()
        if status["state"] != "running" or time.monotonic() > deadline:
            return status
        await anyio.sleep(0.1)


async def test_a_script_stops_at_the_line_and_the_breakpoint_goes_with_the_hit(server):
    line = line_of("nested.py", "after_loop")
    async with server() as t:
        started = await t.ok("start_debug_session", file_path="nested.py", line=line,
                             include_variables=True)
        assert started["status"] == "paused", started
        execution = started["execution"]
        assert execution["paused_reason"] == "breakpoint", execution
        assert execution["new_location"]["line"] == line, execution
        assert execution["new_location"]["file"].endswith("nested.py"), execution
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [(s["run_configuration"], s["mode"]) for s in sessions] == [("nested", "debug")]
        assert await t.evaluate("subtotal") == "82"
        # Temporary: gone at its hit, so the agent has nothing to clean up.
        assert await breakpoints_of(t) == []
        await t.ok("resume")
        ended = await t.wait_until_ended(started["session_id"])
        assert ended["state"] == "stopped" and ended["exit_code"] == 0, ended


async def test_a_test_file_runs_under_pytest(binary, state_dir, cart_project):
    test_file = cart_project / "test_cart.py"
    line = line_of(test_file, "in_test")
    async with connect(binary, state_dir, projects=(cart_project,)) as t:
        started = await t.ok("start_debug_session", file_path="test_cart.py", line=line)
        assert started["status"] == "paused", started
        location = started["execution"]["new_location"]
        assert (location["file"], location["line"]) == (str(test_file), line), location
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert sessions[0]["run_configuration"] == "pytest in test_cart.py", sessions
        assert await t.evaluate("prices") == "[10, 20, 30]"
        await t.ok("step_over")
        assert await t.evaluate("total") == "55"
        await t.ok("resume")
        ended = await t.wait_until_ended(started["session_id"])
        assert ended["exit_code"] == 0, ended
        assert "2 passed" in ended["output"], ended["output"]


async def test_without_a_line_the_file_runs_as_a_configuration_would(server):
    async with server() as t:
        started = await t.ok("start_debug_session", file_path=str(PROGRAMS / "crash.py"))
        # Break on uncaught applies as for any debug launch.
        assert started["status"] == "paused", started
        assert started["execution"]["paused_reason"] == "exception", started
        await t.ok("stop_debug_session")
        started = await t.ok("start_debug_session", file_path="short.py")
        assert started["status"] == "stopped", started
        assert started["execution"]["exit_code"] == 0, started


BRANCHY = textwrap.dedent('''\
    import sys

    if len(sys.argv) > 1:
        print("asked for more")  # MARK: never
    print("done")
    ''')


async def test_a_line_never_reached_leaves_no_breakpoint(binary, state_dir, tmp_path):
    project = (tmp_path / "branchy").resolve()
    project.mkdir()
    (project / "branchy.py").write_text(BRANCHY)
    line = line_of(project / "branchy.py", "never")
    async with connect(binary, state_dir, projects=(project,)) as t:
        started = await t.ok("start_debug_session", file_path="branchy.py", line=line)
        assert started["status"] == "stopped", started
        assert "done" in started["execution"]["output"], started
        assert await breakpoints_of(t) == []
        # Not waiting: the breakpoint stays, the agent's and temporary, until hit or removed.
        started = await t.ok("start_debug_session", file_path="branchy.py", line=line,
                             wait_for_pause=False, overrides={"args": ["more"]})
        assert started["status"] == "started", started
        listed = await breakpoints_of(t)
        assert [(b["line"], b["owner"], b["temporary"]) for b in listed] == [(line, "agent", True)]
        status = await paused_status(t)
        assert status["current_location"]["line"] == line, status
        assert await breakpoints_of(t) == []


async def test_a_users_breakpoint_at_the_line_is_kept(server):
    line = line_of("short.py", "short")
    async with server() as t:
        mine = await t.ok("set_breakpoint", file_path="short.py", line=line)
        started = await t.ok("start_debug_session", file_path="short.py", line=line)
        assert started["execution"]["new_location"]["line"] == line, started
        assert [b["id"] for b in await breakpoints_of(t)] == [mine["breakpoint_id"]]
        await t.ok("resume")
        await t.wait_until_ended(started["session_id"])
        assert [b["id"] for b in await breakpoints_of(t)] == [mine["breakpoint_id"]]


@pytest.mark.parametrize("arguments, code", [
    ({"configuration_name": "Short", "file_path": "short.py"}, "invalid_params"),
    ({}, "invalid_params"),
    ({"configuration_name": "Short", "line": 2}, "invalid_params"),
    ({"file_path": "../outside.py"}, "path_outside_project"),
    ({"file_path": "/etc/passwd"}, "path_outside_project"),
    ({"file_path": "missing.py"}, "file_not_found"),
    ({"file_path": "workdir/README.md"}, "cannot_debug"),
    ({"file_path": "short.py", "line": 0}, "invalid_params"),
    ({"file_path": "short.py", "line": 99}, "invalid_location"),
    ({"file_path": "short.py", "line": "two"}, "invalid_params"),
    ({"file_path": "short.py", "overrides": {"cwd": "/usr"}}, "path_outside_project"),
])
async def test_bad_input_launches_nothing_and_sets_nothing(server, arguments, code):
    async with server() as t:
        body = await t.err("start_debug_session", code, **arguments)
        assert body["message"], body
        assert (await t.ok("list_debug_sessions"))["sessions"] == []
        assert await breakpoints_of(t) == []


async def test_a_refused_confirmation_sets_no_breakpoint(binary, state_dir):
    asked: list[str] = []

    async def decline(context, params: types.ElicitRequestParams):
        asked.append(params.message)
        return types.ElicitResult(action="decline")

    async with connect(binary, state_dir, brave=False, elicitation_callback=decline) as t:
        await t.err("start_debug_session", "confirmation_denied", file_path="nested.py",
                    line=line_of("nested.py", "after_loop"))
        assert len(asked) == 1 and "nested.py" in asked[0], asked
        assert (await t.ok("list_debug_sessions"))["sessions"] == []
        assert await breakpoints_of(t) == []
