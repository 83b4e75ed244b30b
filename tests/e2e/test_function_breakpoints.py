"""Function breakpoints (issue 12 item 3): `set_breakpoint` with `function` instead of
`file_path`/`line`, sent with `setFunctionBreakpoints` (the project's full list), on
lldb-dap (C and Rust), Delve (Go) and debugpy (Python), through the official MCP client.
Each stops on entry to the function it names, is attributed in `breakpoints_hit`, is
listed as `type: method` with its `function`, persists across a server restart, takes a
condition, and once removed (also while a session runs) stops nothing."""

from __future__ import annotations

import pytest

from conftest import connect
from test_native import cart, mark  # noqa: F401  (the built cart project of each language)

pytestmark = pytest.mark.anyio


def only(listed: dict) -> dict:
    [breakpoint] = listed["breakpoints"]
    return breakpoint


async def test_a_function_breakpoint_stops_on_entry_and_persists(binary, state_dir, cart):
    language, project = cart
    async with connect(binary, state_dir, projects=(project,)) as t:
        bp = await t.ok("set_breakpoint", function=language.subtotal_of)
        assert bp["status"] == "set" and bp["verified"] is None, bp
        assert language.subtotal_of in bp["message"], bp
        again = await t.ok("set_breakpoint", function=f" {language.subtotal_of} ")
        assert again["status"] == "already_exists" and again["breakpoint_id"] == bp["breakpoint_id"], again

    # A new server over the same state directory: the breakpoint is the project's.
    async with connect(binary, state_dir, projects=(project,)) as t:
        listed = only(await t.ok("list_breakpoints", type="method"))
        assert listed["id"] == bp["breakpoint_id"] and listed["type"] == "method", listed
        assert listed["function"] == language.subtotal_of, listed
        assert listed["file"] is None and listed["line"] is None, listed
        assert (await t.ok("list_breakpoints", type="line"))["breakpoints"] == []
        assert (await t.ok("list_breakpoints", file_path=language.source))["breakpoints"] == []

        started = await t.start("Cart")
        execution = started["execution"]
        assert started["status"] == "paused" and execution["paused_reason"] == "breakpoint", started
        assert execution["breakpoints_hit"] == [bp["breakpoint_id"]], execution
        assert execution["new_location"]["method"] == language.subtotal_of, execution
        listed = only(await t.ok("list_breakpoints"))
        assert listed["verified"] is True and listed["hit_count"] == 1, listed

        removed = await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        assert removed["removed"] == [bp["breakpoint_id"]], removed
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 3, ended

        # Gone from the project: the next session runs through.
        started = await t.start("Cart")
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 3, started
        assert (await t.ok("list_breakpoints"))["breakpoints"] == []


async def test_a_conditional_function_breakpoint_removed_while_the_session_runs(binary, state_dir, cart):
    language, project = cart
    source = project / language.source
    async with connect(binary, state_dir, projects=(project,)) as t:
        # A line breakpoint too: the function list is sent besides the files', not instead.
        line = await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "subtotal_return"))
        bp = await t.ok("set_breakpoint", function=language.line_total, condition=language.qty_is_3)
        listed = only(await t.ok("list_breakpoints", type="method"))
        assert listed["condition"] == language.qty_is_3, listed

        # The second item (qty 3) is the first stop: the condition held there only.
        started = await t.start("Cart")
        execution = started["execution"]
        assert execution["paused_reason"] == "breakpoint", started
        assert execution["breakpoints_hit"] == [bp["breakpoint_id"]], execution
        assert execution["new_location"]["method"] == language.line_total, execution
        assert await t.evaluate(language.price) == "2"

        # Removed while live: the adapter gets the (now empty) full list, the third
        # item does not stop, the line breakpoint still does.
        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        resumed = await t.ok("resume")
        assert resumed["status"] == "paused", resumed
        assert resumed["breakpoints_hit"] == [line["breakpoint_id"]], resumed
        assert resumed["new_location"]["line"] == mark(source, "subtotal_return"), resumed
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 3, ended
        assert "subtotal 17.00" in ended["output"], ended


async def test_debugpy_stops_at_a_python_function_by_name(server):
    async with server() as t:
        bp = await t.ok("set_breakpoint", function="line_total", condition="item.qty == 1")
        started = await t.start("Nested")
        execution = started["execution"]
        assert execution["paused_reason"] == "breakpoint", started
        assert execution["breakpoints_hit"] == [bp["breakpoint_id"]], execution
        assert execution["new_location"]["method"] == "line_total", execution
        assert await t.evaluate("item.price") == "12", "the book, the one item of qty 1"
        listed = only(await t.ok("list_breakpoints", type="method"))
        assert listed["verified"] is True and listed["hit_count"] == 1, listed
        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and "result 78" in ended["output"], ended


async def test_one_form_only_and_no_log_message(server):
    async with server() as t:
        for arguments in [
            {"function": "main", "file_path": "nested.py", "line": 33},
            {"function": "main", "line": 33},
        ]:
            body = await t.err("set_breakpoint", "invalid_params", **arguments)
            assert "'function'" in body["message"] and "'file_path'" in body["message"], body
        body = await t.err("set_breakpoint", "invalid_params")
        assert "'function'" in body["message"] and "'line'" in body["message"], body
        body = await t.err("set_breakpoint", "invalid_params", file_path="nested.py")
        assert "'line'" in body["message"], body
        for bad in ["", "  ", "a\nb"]:
            body = await t.err("set_breakpoint", "invalid_params", function=bad)
            assert "'function'" in body["message"], body
        body = await t.err("set_breakpoint", "invalid_params", function="main", log_message="x={x}")
        assert "'log_message'" in body["message"], body
        assert (await t.ok("list_breakpoints"))["breakpoints"] == [], "nothing was set"


async def test_a_condition_on_a_function_of_any_language_needs_consent(binary, state_dir):
    # No static guard knows the function's language: outside brave mode, the user decides.
    async with connect(binary, state_dir, brave=False) as t:
        body = await t.err("set_breakpoint", "confirmation_required", function="line_total",
                           condition="item.qty == 1")
        assert "item.qty == 1" in body["message"], body
        assert (await t.ok("list_breakpoints"))["breakpoints"] == [], "nothing was set"
        plain = await t.ok("set_breakpoint", function="line_total")
        assert plain["status"] == "set", plain
