"""Break on uncaught exceptions, the default of debug sessions (standalone, debugpy): a
crashing program stops at its raise; break_on_uncaught: false or the server's
--no-break-on-uncaught (or its environment variable) lets it end; caught exceptions and
deliberate exits never stop; the user's own exception breakpoints are neither changed
nor joined by a phantom entry."""

from __future__ import annotations

import pytest

from conftest import MODES, connect, line_of

pytestmark = pytest.mark.anyio

RAISE = line_of("crash.py", "crash_raise")


def assert_stopped_at_the_raise(started: dict) -> None:
    assert started["status"] == "paused" and started["break_on_uncaught"] is True, started
    execution = started["execution"]
    assert execution["paused_reason"] == "exception", execution
    assert execution["exception"]["type"].split(".")[-1] == "RuntimeError"
    assert execution["exception"]["message"] == "kaboom from crash.py"
    assert execution["exception"]["uncaught"] is True
    assert "breakpoints_hit" not in execution, "no breakpoint caused it"
    assert execution["new_location"]["line"] == RAISE
    assert execution["new_location"]["method"] == "explode"
    assert "raise RuntimeError" in execution["source_line"]


async def assert_runs_to_its_crash(t, **arguments) -> None:
    started = await t.start("Crash", timeout=20, **arguments)
    assert started["status"] == "stopped" and started["break_on_uncaught"] is False, started
    assert started["execution"]["exit_code"] == 1
    assert "paused_reason" not in started["execution"]
    status = await t.status()
    assert status["state"] == "stopped" and status["exit_code"] == 1
    assert "kaboom from crash.py" in status["output"] + (started["execution"].get("output") or "")


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("mode", MODES)
async def test_a_crashing_program_stops_at_its_raise_by_default(binary, state_dir, transport, mode):
    async with connect(binary, state_dir, transport=transport, mode=mode) as t:
        started = await t.start("Crash", timeout=20)
        assert_stopped_at_the_raise(started)
        status = await t.status()
        assert status["paused_reason"] == "exception"
        assert status["exception"]["message"] == "kaboom from crash.py"
        assert status["current_location"]["line"] == RAISE
        stack = await t.ok("get_stack_trace")
        top = stack["frames"][0]
        assert (top["line"], top["method"]) == (RAISE, "explode")
        assert [f["method"] for f in stack["frames"]][:5] == ["explode"] * 4 + ["<module>"]
        assert await t.evaluate("depth") == "0"
        # A launch behaviour, not a breakpoint: nothing listed.
        assert (await t.ok("list_breakpoints"))["total_count"] == 0
        ended = await t.ok("resume", timeout=20)
        assert ended["status"] == "stopped" and ended["exit_code"] == 1, ended
        status = await t.status()
        assert "RuntimeError: kaboom from crash.py" in (ended.get("output") or "") + status["output"]


async def test_break_on_uncaught_false_lets_the_crash_end_the_program(server):
    async with server() as t:
        await assert_runs_to_its_crash(t, break_on_uncaught=False)
        # The next launch has the default again.
        assert_stopped_at_the_raise(await t.start("Crash", timeout=20))


@pytest.mark.parametrize("setting", ["flag", "env"])
async def test_the_server_setting_turns_the_default_off(binary, state_dir, setting):
    options = ({"extra": ("--no-break-on-uncaught",)} if setting == "flag"
               else {"env": {"JETBRAINS_DEBUGGER_NO_BREAK_ON_UNCAUGHT": "1"}})
    async with connect(binary, state_dir, **options) as t:
        await assert_runs_to_its_crash(t)
        # The agent may still ask for it, for one launch.
        assert_stopped_at_the_raise(await t.start("Crash", timeout=20, break_on_uncaught=True))


async def test_caught_exceptions_and_deliberate_exits_do_not_stop(server):
    async with server() as t:
        # exceptions.py and raising.py catch everything they raise.
        for name in ("Exceptions", "Raising"):
            started = await t.start(name, timeout=20)
            assert started["break_on_uncaught"] is True
            assert started["status"] == "stopped" and started["execution"]["exit_code"] == 0, started
        # output.py ends with sys.exit(3): an uncaught SystemExit, not a crash.
        started = await t.start("Output", timeout=20)
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 3, started


async def test_the_users_exception_breakpoint_is_kept_and_keeps_working(server):
    async with server() as t:
        bp = await t.ok("set_exception_breakpoint", exception_class="ValueError", caught=True, uncaught=False)
        before = (await t.ok("list_breakpoints"))["breakpoints"]
        assert len(before) == 1
        started = await t.start("Exceptions", timeout=20)
        execution = started["execution"]
        assert execution["paused_reason"] == "exception" and execution["breakpoints_hit"] == [bp["breakpoint_id"]]
        assert execution["new_location"]["line"] == line_of("exceptions.py", "raise_value")
        # The same ValueError may stop again in its caller's frame (the user's breakpoint
        # breaks on every raise); nothing else stops: the InventoryError is caught.
        ended = await t.ok("resume", timeout=20)
        for _ in range(5):
            if ended["state"] != "paused":
                break
            assert ended["breakpoints_hit"] == [bp["breakpoint_id"]], ended
            assert ended["exception"]["type"].split(".")[-1] == "ValueError"
            ended = await t.ok("resume", timeout=20)
        assert ended["status"] == "stopped" and ended["exit_code"] == 0, ended
        # Then a crash: stopped by the default, the user's (caught-only) breakpoint not credited.
        assert_stopped_at_the_raise(await t.start("Crash", timeout=20))
        after = (await t.ok("list_breakpoints"))["breakpoints"]
        assert len(after) == 1
        settings = ("id", "type", "exception_class", "caught", "uncaught", "enabled", "condition")
        assert {k: after[0][k] for k in settings} == {k: before[0][k] for k in settings}
        assert after[0]["hit_count"] >= 1


async def test_bad_break_on_uncaught_changes_nothing(server):
    async with server() as t:
        body = await t.err("start_debug_session", "invalid_params", configuration_name="Crash",
                           break_on_uncaught="sometimes")
        assert "break_on_uncaught" in body["message"]
        assert await t.ok("list_debug_sessions") == {"sessions": []}
