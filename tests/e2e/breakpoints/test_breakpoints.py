"""Breakpoints: set before a session, several per file, conditional, logpoints,
temporary, disabled, suspend_policy none, exception breakpoints (built-in and user
classes), listing and removing, persistence across a server restart."""

from __future__ import annotations

import pytest

from conftest import PROGRAMS, connect, line_of

pytestmark = pytest.mark.anyio

LOOP = str(PROGRAMS / "loop.py")


async def finish(t, **arguments):
    """Resume until the program ends; the last execution result."""
    result = await t.ok("resume", timeout=20, **arguments)
    while result["state"] == "paused":
        result = await t.ok("resume", timeout=20, **arguments)
    return result


async def test_breakpoint_set_before_session_is_hit_on_a_very_short_program(server):
    async with server() as t:
        line = line_of("short.py", "short")
        bp = await t.ok("set_breakpoint", file_path="short.py", line=line)
        assert bp["verified"] is None  # no session yet: nothing has confirmed it
        started = await t.start("Short")
        assert started["status"] == "paused"
        assert started["execution"]["new_location"]["line"] == line
        assert started["execution"]["breakpoints_hit"] == [bp["breakpoint_id"]]
        variables = await t.variables()
        assert variables["x"] == "20" and "y" not in variables  # the line has not run yet
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert listed[0]["verified"] is True and listed[0]["hit_count"] == 1
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["state"] == "stopped" and ended["exit_code"] == 0
        assert "short 20 42" in ended["output"]


async def test_two_breakpoints_in_one_file_are_both_hit(server):
    async with server() as t:
        first, second = line_of("nested.py", "after_loop"), line_of("nested.py", "main_print")
        bp1 = await t.ok("set_breakpoint", file_path="nested.py", line=first)
        bp2 = await t.ok("set_breakpoint", file_path="nested.py", line=second)
        assert bp1["breakpoint_id"] != bp2["breakpoint_id"]
        started = await t.start("Nested")
        assert started["execution"]["new_location"]["line"] == first
        assert started["execution"]["breakpoints_hit"] == [bp1["breakpoint_id"]]
        assert (await t.variables())["subtotal"] == "82"
        hit = await t.ok("resume")
        assert hit["status"] == "paused" and hit["paused_reason"] == "breakpoint"
        assert hit["new_location"]["line"] == second and hit["new_location"]["method"] == "main"
        assert hit["breakpoints_hit"] == [bp2["breakpoint_id"]]
        assert (await t.variables())["result"] == "78"
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 0
        assert "result 78" in ended["output"]


async def test_conditional_breakpoint_stops_only_when_true(server):
    async with server() as t:
        line = line_of("loop.py", "loop_body")
        bp = await t.ok("set_breakpoint", file_path=LOOP, line=line, condition="i == 7")
        started = await t.start("Loop")
        assert started["status"] == "paused"
        variables = await t.variables()
        assert (variables["i"], variables["total"]) == ("7", "21")
        status = await t.status()
        assert status["breakpoint_hit"] == {"id": bp["breakpoint_id"], "condition": "i == 7",
                                            "condition_result": True, "hit_count": 1}
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert listed[0]["condition"] == "i == 7"
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and "done 45" in ended["output"]


async def test_hit_count_counts_every_stop(server):
    async with server() as t:
        line = line_of("loop.py", "loop_body")
        bp = await t.ok("set_breakpoint", file_path=LOOP, line=line)
        await t.start("Loop")
        assert (await t.variables())["i"] == "0"
        await t.ok("resume")
        await t.ok("resume")
        assert (await t.variables())["i"] == "2"
        status = await t.status()
        assert status["breakpoint_hit"]["id"] == bp["breakpoint_id"]
        assert status["breakpoint_hit"]["hit_count"] == 3
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert listed[0]["hit_count"] == 3


async def test_logpoint_logs_without_stopping(server):
    async with server() as t:
        line = line_of("loop.py", "loop_body")
        await t.ok("set_breakpoint", file_path=LOOP, line=line, log_message="i is {i}, total {total}")
        started = await t.start("Loop")
        assert started["status"] == "stopped", started  # never paused
        status = await t.wait_until_ended(started["session_id"])
        assert status["state"] == "stopped" and status["exit_code"] == 0
        # All output since the start (the session never paused). Logpoint messages come
        # from the debugger, program output from the process: their order may interleave.
        output = status["output"]
        for i in range(10):
            assert f"i is {i}, total {sum(range(i))}\n" in output
        assert output.count("i is ") == 10
        assert "done" in output and "45" in output
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert listed[0]["log_message"] == "i is {i}, total {total}"


async def test_suspend_policy_none_does_not_stop(server):
    async with server() as t:
        body, done = line_of("loop.py", "loop_body"), line_of("loop.py", "loop_done")
        quiet = await t.ok("set_breakpoint", file_path=LOOP, line=body, suspend_policy="none")
        await t.ok("set_breakpoint", file_path=LOOP, line=done)
        started = await t.start("Loop")
        # It went past the loop's breakpoint ten times without stopping.
        assert started["execution"]["new_location"]["line"] == done
        variables = await t.variables()
        assert (variables["i"], variables["total"]) == ("9", "45")
        listed = {b["id"]: b for b in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert listed[quiet["breakpoint_id"]]["suspend_policy"] == "none"


async def test_temporary_breakpoint_is_gone_after_its_hit(server):
    async with server() as t:
        line = line_of("loop.py", "loop_body")
        bp = await t.ok("set_breakpoint", file_path=LOOP, line=line, temporary=True)
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert listed[0]["temporary"] is True
        started = await t.start("Loop")
        assert started["execution"]["breakpoints_hit"] == [bp["breakpoint_id"]]
        assert (await t.variables())["i"] == "0"
        assert await t.ok("list_breakpoints") == {"breakpoints": [], "total_count": 0}
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 0  # not hit again


async def test_disabled_breakpoint_is_kept_but_not_hit(server):
    async with server() as t:
        body, done = line_of("loop.py", "loop_body"), line_of("loop.py", "loop_done")
        off = await t.ok("set_breakpoint", file_path=LOOP, line=body, enabled=False)
        on = await t.ok("set_breakpoint", file_path=LOOP, line=done)
        everything = await t.ok("list_breakpoints")
        assert everything["total_count"] == 2
        assert {b["id"]: b["enabled"] for b in everything["breakpoints"]} == {
            off["breakpoint_id"]: False, on["breakpoint_id"]: True}
        enabled = await t.ok("list_breakpoints", enabled_only=True)
        assert [b["id"] for b in enabled["breakpoints"]] == [on["breakpoint_id"]]
        started = await t.start("Loop")
        assert started["execution"]["new_location"]["line"] == done
        assert started["execution"]["breakpoints_hit"] == [on["breakpoint_id"]]


async def test_builtin_exception_breakpoint(server):
    async with server() as t:
        bp = await t.ok("set_exception_breakpoint", exception_class="ValueError", caught=True, uncaught=False)
        assert bp["status"] == "set"
        listed = (await t.ok("list_breakpoints", type="exception"))["breakpoints"]
        assert listed == [{**listed[0], "type": "exception", "exception_class": "ValueError",
                           "caught": True, "uncaught": False, "file": None, "line": None}]
        assert (await t.ok("list_breakpoints", type="line"))["total_count"] == 0
        started = await t.start("Exceptions")
        execution = started["execution"]
        assert execution["paused_reason"] == "exception"
        assert execution["exception"]["type"].split(".")[-1] == "ValueError"
        assert execution["exception"]["message"] == "negative quantity: -1"
        assert execution["new_location"]["line"] == line_of("exceptions.py", "raise_value")
        status = await t.status()
        assert status["paused_reason"] == "exception"
        assert status["exception"]["type"].split(".")[-1] == "ValueError"
        assert "negative quantity: -1" in status["exception"]["message"]
        assert (await t.variables())["n"] == "-1"
        # The InventoryError was not asked for: the program runs to its end.
        ended = await finish(t)
        assert ended["status"] == "stopped" and ended["exit_code"] == 0
        assert "caught InventoryError" in ended["output"]


async def test_user_defined_exception_breakpoint(server):
    async with server() as t:
        await t.ok("set_exception_breakpoint", exception_class="InventoryError")
        started = await t.start("Exceptions")
        execution = started["execution"]
        # The ValueError raised earlier is not an InventoryError: no stop there.
        assert execution["paused_reason"] == "exception", execution
        assert execution["exception"]["type"].split(".")[-1] == "InventoryError"
        assert execution["exception"]["message"] == "not enough stock for 500"
        assert execution["new_location"]["line"] == line_of("exceptions.py", "raise_inventory")
        assert (await t.variables())["n"] == "500"
        ended = await finish(t)
        assert ended["status"] == "stopped" and ended["exit_code"] == 0


async def test_list_filter_and_remove_breakpoints(server):
    async with server() as t:
        a = await t.ok("set_breakpoint", file_path="loop.py", line=1)
        b = await t.ok("set_breakpoint", file_path="loop.py", line=3)
        c = await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        d = await t.ok("set_breakpoint", file_path="short.py", line=2)
        dup = await t.ok("set_breakpoint", file_path=LOOP, line=3)
        assert dup["status"] == "already_exists" and dup["breakpoint_id"] == b["breakpoint_id"]
        assert (await t.ok("list_breakpoints"))["total_count"] == 4
        in_loop = await t.ok("list_breakpoints", file_path="loop.py")
        assert sorted(x["line"] for x in in_loop["breakpoints"]) == [1, 3]
        assert all(x["file"] == LOOP for x in in_loop["breakpoints"])

        by_id = await t.ok("remove_breakpoint", breakpoint_id=c["breakpoint_id"])
        assert by_id["removed"] == [c["breakpoint_id"]] and by_id["removed_count"] == 1
        by_line = await t.ok("remove_breakpoint", file_path="loop.py", line=3)
        assert by_line["removed"] == [b["breakpoint_id"]]
        again = await t.ok("remove_breakpoint", breakpoint_id=c["breakpoint_id"])  # idempotent
        assert again["removed_count"] == 0
        left = {x["id"] for x in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert left == {a["breakpoint_id"], d["breakpoint_id"]}
        await t.ok("set_breakpoint", file_path="loop.py", line=4)
        whole_file = await t.ok("remove_breakpoint", file_path=LOOP)
        assert whole_file["removed_count"] == 2
        left = [x["id"] for x in (await t.ok("list_breakpoints"))["breakpoints"]]
        assert left == [d["breakpoint_id"]]


async def test_source_context_marks_breakpoints_and_current_line(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="loop.py", line=3)
        await t.ok("set_breakpoint", file_path="loop.py", line=4)
        src = await t.ok("get_source_context", file_path="loop.py", line=2, context_lines=1)
        assert (src["file"], src["start_line"], src["end_line"], src["current_line"]) == (LOOP, 1, 3, 2)
        assert src["breakpoints"] == [3]
        lines = src["source"].splitlines()
        assert len(lines) == 3 and lines[1].startswith(">>") and "for i in range(10):" in lines[1]
        assert "total = 0" in lines[0] and not lines[0].startswith(">>")
        # Without file_path: the current execution point.
        await t.start("Loop")
        here = await t.ok("get_source_context", context_lines=0)
        assert (here["file"], here["current_line"], here["start_line"], here["end_line"]) == (LOOP, 3, 3, 3)
        assert here["source"].startswith(">>") and "total += i" in here["source"]
        assert here["breakpoints"] == [3]


async def test_breakpoints_and_watches_persist_across_server_restart(binary, state_dir):
    line = line_of("loop.py", "loop_body")
    async with connect(binary, state_dir) as t:
        bp = await t.ok("set_breakpoint", file_path="loop.py", line=line, condition="i == 4")
        ex = await t.ok("set_exception_breakpoint", exception_class="KeyError", caught=False)
        watch = await t.ok("add_watch", expression="total * 2")
        before = await t.ok("list_breakpoints")
    async with connect(binary, state_dir) as t:
        after = await t.ok("list_breakpoints")
        assert after == before
        assert {b["id"] for b in after["breakpoints"]} == {bp["breakpoint_id"], ex["breakpoint_id"]}
        started = await t.start("Loop")
        assert started["execution"]["breakpoints_hit"] == [bp["breakpoint_id"]]
        status = await t.status()
        assert [(w["id"], w["expression"], w["value"]) for w in status["watches"]] == [
            (watch["watch_id"], "total * 2", str(2 * sum(range(4))))]
        assert (await t.variables())["i"] == "4"


async def test_the_agents_breakpoints_are_told_from_the_users_and_cleared_alone(binary, state_dir):
    """Standalone, the user's breakpoints are those that existed before the agent's calls
    (here: set by an earlier server whose record of the agent's was lost)."""
    nested = PROGRAMS / "nested.py"
    async with connect(binary, state_dir) as t:
        users = await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
    for record in state_dir.rglob("*agent-breakpoints*"):
        record.unlink()
    async with connect(binary, state_dir) as t:
        mine = await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "line_total"))
        exc = await t.ok("set_exception_breakpoint", exception_class="KeyError")
        owners = {b["id"]: b["owner"] for b in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert owners == {users["breakpoint_id"]: "user", mine["breakpoint_id"]: "agent",
                          exc["breakpoint_id"]: "agent"}, owners
        # Setting one where the user's is keeps the user's (and it stays the user's).
        again = await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        assert again["status"] == "already_exists"
        await t.err("remove_breakpoint", "invalid_params", owner="user")
        await t.err("remove_breakpoint", "invalid_params", owner="agent", breakpoint_id=mine["breakpoint_id"])
        in_file = await t.ok("remove_breakpoint", owner="agent", file_path=str(nested))
        assert in_file["removed"] == [mine["breakpoint_id"]], in_file
        cleared = await t.ok("remove_breakpoint", owner="agent")
        assert cleared["removed"] == [exc["breakpoint_id"]], cleared
        [left] = (await t.ok("list_breakpoints"))["breakpoints"]
        assert (left["id"], left["owner"]) == (users["breakpoint_id"], "user")
        # Named, the user's can be removed.
        assert (await t.ok("remove_breakpoint", breakpoint_id=users["breakpoint_id"]))["removed_count"] == 1
