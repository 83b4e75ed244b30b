"""The four agent workflows (a calculation bug, two projects, a run without debugging,
watches), end to end, plus the tool listing.

Example 1 (the core workflow) runs over stdio and HTTP, in legacy (2025-11-25) and
auto (2026-07-28) protocol mode; everything else here runs over stdio, legacy mode.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import (CALC_LINES, CALCULATOR, MODES, PROGRAMS, ROOT, TRANSPORTS, connect,
                      line_of)

pytestmark = pytest.mark.anyio

CALC_FILE = str(CALCULATOR / "calculator.py")

ALL_TOOLS = {
    "list_run_configurations", "run_configuration", "list_debug_sessions", "start_debug_session",
    "stop_debug_session", "get_debug_session_status", "list_breakpoints", "set_breakpoint",
    "remove_breakpoint", "set_exception_breakpoint", "resume", "pause", "step_over", "step_into",
    "step_out", "run_to_line", "get_stack_trace", "select_stack_frame", "list_threads",
    "get_variables", "expand_variable", "set_variable", "evaluate", "add_watch", "remove_watch",
    "get_source_context", "trace_execution", "jump_to_line",
}
READ_ONLY = {"list_run_configurations", "list_debug_sessions", "get_debug_session_status",
             "list_breakpoints", "get_stack_trace", "list_threads", "get_variables",
             "expand_variable", "get_source_context"}


def test_calculator_lines_are_where_the_tests_expect():
    lines = Path(CALC_FILE).read_text().splitlines()
    assert lines[CALC_LINES["tax_rate"] - 1].startswith("TAX_RATE = 0 ")
    assert lines[CALC_LINES["subtotal"] - 1].strip().startswith("subtotal = subtotal_of(items)")
    assert lines[CALC_LINES["tax"] - 1].strip().startswith("tax = subtotal * TAX_RATE")
    assert lines[CALC_LINES["total"] - 1].strip().startswith("total = subtotal + tax")


def by_name(variables):
    return {v["name"]: v for v in variables}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_example1_calculation_bug(binary, state_dir, transport, mode):
    """The calculation bug: find why calculate_total() has no tax."""
    async with connect(binary, state_dir, projects=[CALCULATOR], transport=transport, mode=mode) as t:
        listed = await t.client.list_tools()
        assert {tool.name for tool in listed.tools} == ALL_TOOLS

        project = {"projectPath": str(CALCULATOR)}
        configs = (await t.ok("list_run_configurations", **project))["run_configurations"]
        names = [c["name"] for c in configs]
        assert names == sorted(names, key=str.lower) == ["Calculator App", "Calculator Tests", "npm build"]
        cfg = {c["name"]: c for c in configs}
        assert cfg["Calculator App"]["can_debug"] is True and cfg["Calculator App"]["can_run"] is True
        assert cfg["Calculator App"]["type"] == "Python"
        assert cfg["Calculator Tests"]["can_debug"] is True and cfg["Calculator Tests"]["folder"] == "tests"
        assert cfg["npm build"]["can_debug"] is False and cfg["npm build"]["type"] == "node"

        assert await t.ok("list_breakpoints", **project) == {"breakpoints": [], "total_count": 0}

        # "/calculator.py" (leading slash) is project-relative (project::resolve_file accepts it).
        bp = await t.ok("set_breakpoint", file_path="/calculator.py", line=CALC_LINES["subtotal"], **project)
        assert bp["status"] == "set" and bp["breakpoint_id"]
        listed_bps = await t.ok("list_breakpoints", **project)
        assert listed_bps["total_count"] == 1
        assert listed_bps["breakpoints"][0]["file"] == CALC_FILE
        assert listed_bps["breakpoints"][0]["line"] == CALC_LINES["subtotal"]

        started = await t.start("Calculator App", **project)
        assert started["status"] == "paused"
        execution = started["execution"]
        assert execution["paused_reason"] == "breakpoint"
        assert execution["new_location"]["line"] == CALC_LINES["subtotal"]
        assert execution["new_location"]["method"] == "calculate_total"
        assert bp["breakpoint_id"] in execution["breakpoints_hit"]
        session = started["session_id"]

        status = await t.status(**project)
        assert status["session_id"] == session
        assert status["state"] == "paused" and status["paused_reason"] == "breakpoint"
        assert status["current_location"]["file"] == CALC_FILE
        assert status["current_location"]["line"] == CALC_LINES["subtotal"]
        assert status["current_location"]["method"] == "calculate_total"
        assert status["breakpoint_hit"]["id"] == bp["breakpoint_id"]
        assert status["breakpoint_hit"]["hit_count"] == 1
        variables = by_name(status["variables"])
        assert variables["subtotal"]["value"] == "0.0" and variables["tax"]["value"] == "0.0"
        assert variables["items"]["has_children"] is True and variables["items"]["id"]
        assert variables["items"]["value"].count("<not read: would change") == 3  # Item.__repr__ not run
        assert status["watches"] == []
        assert [f["method"] for f in status["stack_summary"]] == ["calculate_total", "main", "<module>"]
        assert status["stack_summary"][0]["is_current"] is True
        assert status["total_stack_depth"] == 3
        source = status["source_context"]
        assert source["current_line"] == CALC_LINES["subtotal"]
        assert source["start_line"] == CALC_LINES["subtotal"] - 5 and source["end_line"] == CALC_LINES["subtotal"] + 5
        current = [line for line in source["lines"] if line.get("is_current")]
        assert [line["number"] for line in current] == [CALC_LINES["subtotal"]]
        assert "subtotal = subtotal_of(items)" in current[0]["content"]
        assert source["breakpoints_in_view"] == [CALC_LINES["subtotal"]]
        assert status["current_thread"]["name"] == "MainThread"
        assert status["thread_count"] >= 1

        assert await t.evaluate("sum(item.price * item.quantity for item in items)", **project) == "150.0"

        stepped = await t.ok("step_over", **project)
        assert stepped["status"] == "stepped" and stepped["paused_reason"] == "step"
        assert stepped["new_location"]["line"] == CALC_LINES["tax"]
        assert "tax = subtotal * TAX_RATE" in stepped["source_line"]

        status = await t.status(**project)
        assert status["current_location"]["line"] == CALC_LINES["tax"]
        assert status["paused_reason"] == "step"
        variables = by_name(status["variables"])
        assert variables["subtotal"]["value"] == "150.0" and variables["tax"]["value"] == "0.0"
        assert [line.get("is_current", False) for line in status["source_context"]["lines"]].count(True) == 1

        stepped = await t.ok("step_over", **project)
        assert stepped["new_location"]["line"] == CALC_LINES["total"]

        assert float(await t.evaluate("subtotal * TAX_RATE", **project)) == 0.0  # the bug
        assert await t.evaluate("TAX_RATE", **project) == "0"

        stopped = await t.ok("stop_debug_session", **project)
        assert stopped == {"session_id": session, "status": "stopped", "message": stopped["message"]}
        sessions = (await t.ok("list_debug_sessions", **project))["sessions"]
        assert [(s["id"], s["state"]) for s in sessions] == [(session, "stopped")]


async def test_example2_multiple_projects(server):
    """Two projects open → projectPath is required, then works."""
    async with server(projects=[PROGRAMS, CALCULATOR]) as t:
        body = await t.err("set_breakpoint", "multiple_projects_open", file_path="/calculator.py",
                           line=CALC_LINES["subtotal"])
        assert "projectPath" in body["message"]
        assert sorted(body["open_projects"], key=lambda p: p["name"]) == [
            {"name": "calculator", "path": str(CALCULATOR)},
            {"name": "programs", "path": str(PROGRAMS)},
        ]
        # Nothing was set anywhere.
        for project in (PROGRAMS, CALCULATOR):
            assert (await t.ok("list_breakpoints", projectPath=str(project)))["total_count"] == 0
        await t.err("list_run_configurations", "multiple_projects_open")

        bp = await t.ok("set_breakpoint", projectPath=str(CALCULATOR), file_path="/calculator.py",
                        line=CALC_LINES["subtotal"])
        assert bp["status"] == "set"
        assert (await t.ok("list_breakpoints", projectPath=str(CALCULATOR)))["total_count"] == 1
        assert (await t.ok("list_breakpoints", projectPath=str(PROGRAMS)))["total_count"] == 0
        # Each project has its own configurations.
        calc = await t.ok("list_run_configurations", projectPath=str(CALCULATOR))
        assert "Calculator App" in [c["name"] for c in calc["run_configurations"]]
        progs = await t.ok("list_run_configurations", projectPath=str(PROGRAMS))
        assert "Calculator App" not in [c["name"] for c in progs["run_configurations"]]
        # A project that is not open.
        await t.err("list_breakpoints", "project_not_found", projectPath="/nonexistent/project")


async def test_ids_imply_their_project(server):
    """Two projects open, no projectPath: a session, breakpoint, watch or variable id that
    belongs to one project picks it; a projectPath that disagrees with the id is
    invalid_params naming projectPath; a call naming nothing still needs projectPath."""
    programs, calculator = {"projectPath": str(PROGRAMS)}, {"projectPath": str(CALCULATOR)}
    async with server(projects=[PROGRAMS, CALCULATOR]) as t:
        bp_a = await t.ok("set_breakpoint", **programs, file_path="orders.py",
                          line=line_of("orders.py", "watch_start"))
        bp_b = await t.ok("set_breakpoint", **calculator, file_path="/calculator.py",
                          line=CALC_LINES["subtotal"])
        started = await t.start("Orders", **programs)
        session = started["session_id"]
        try:
            # A session of the programs project, by session_id alone: read, step, read.
            status = await t.status(session_id=session)
            assert status["state"] == "paused"
            assert status["current_location"]["line"] == line_of("orders.py", "watch_start")
            stepped = await t.ok("step_over", session_id=session)
            assert stepped["new_location"]["line"] == line_of("orders.py", "watch_next")
            trace = await t.ok("get_stack_trace", session_id=session)
            assert trace["frames"][0]["line"] == line_of("orders.py", "watch_next")
            variables = {v["name"]: v for v in (await t.ok("get_variables", session_id=session))["variables"]}
            assert await t.evaluate("order.total", session_id=session) == "100.5"

            # A variable by variable_id alone: expanded, then set.
            order = variables["order"]
            expanded = await t.ok("expand_variable", variable_id=order["id"])
            children = {c["name"]: c for c in expanded["children"]}
            assert children["total"]["value"] == "100.5"
            changed = await t.ok("set_variable", variable_id=children["total"]["id"], new_value="7.5")
            assert changed["variable"]["value"] == "7.5"
            assert await t.evaluate("order.total", **programs) == "7.5"

            # A watch by watch_id alone.
            watch = await t.ok("add_watch", session_id=session, expression="order.total")
            assert watch["value"] == "7.5"
            assert (await t.ok("get_debug_session_status", **programs))["watches"]

            # Disagreeing projectPath: invalid_params that names projectPath and the id's project.
            for tool, args in [("step_over", {"session_id": session}),
                               ("get_debug_session_status", {"session_id": session}),
                               ("expand_variable", {"variable_id": order["id"]}),
                               ("remove_watch", {"watch_id": watch["watch_id"]}),
                               ("remove_breakpoint", {"breakpoint_id": bp_a["breakpoint_id"]})]:
                body = await t.err(tool, "invalid_params", **calculator, **args)
                assert "projectPath" in body["message"] and str(PROGRAMS) in body["message"], body
                assert body["id_projects"] == [{"name": "programs", "path": str(PROGRAMS)}]
            body = await t.err("remove_breakpoint", "invalid_params", **programs,
                               breakpoint_id=bp_b["breakpoint_id"])
            assert str(CALCULATOR) in body["message"]
            # Nothing was removed by the refused calls.
            assert (await t.ok("list_breakpoints", **programs))["total_count"] == 1
            assert (await t.ok("list_breakpoints", **calculator))["total_count"] == 1

            removed = await t.ok("remove_watch", watch_id=watch["watch_id"])
            assert removed["removed"] is True
            # A breakpoint of the calculator project by breakpoint_id alone.
            removed = await t.ok("remove_breakpoint", breakpoint_id=bp_b["breakpoint_id"])
            assert removed["removed"] == [bp_b["breakpoint_id"]]
            assert (await t.ok("list_breakpoints", **calculator))["total_count"] == 0
            assert (await t.ok("list_breakpoints", **programs))["total_count"] == 1

            # Calls that name nothing (or an id of no project) follow the four-case table.
            for tool, args in [("step_over", {}), ("get_variables", {}), ("list_breakpoints", {}),
                               ("remove_breakpoint", {"breakpoint_id": "no-such-breakpoint"}),
                               ("get_debug_session_status", {"session_id": "no-such-session"})]:
                body = await t.err(tool, "multiple_projects_open", **args)
                assert len(body["open_projects"]) == 2
            await t.err("get_debug_session_status", "session_not_found", **programs,
                        session_id="no-such-session")

            stopped = await t.ok("stop_debug_session", session_id=session)
            assert stopped["session_id"] == session
        finally:
            await t.raw("stop_debug_session", {"session_id": session, **programs})


async def test_example3_run_without_debugging(server):
    """A run without debugging: run_configuration with wait_for_completion → exit code and output."""
    async with server(projects=[CALCULATOR]) as t:
        # A breakpoint must not matter: this is a run, not a debug session.
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        done = await t.ok("run_configuration", configuration_name="Calculator App", wait_for_completion=True)
        assert done["status"] == "completed" and done["exit_code"] == 0
        assert "Total: 150.00" in done["output"]
        assert "Calculator App" in done["message"]
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        run = [s for s in sessions if s["id"] == done["session_id"]]
        assert run and run[0]["mode"] == "run" and run[0]["state"] == "stopped" and run[0]["exit_code"] == 0

        # The test configuration fails (the tax bug): failed, exit code 1, unittest's report.
        tests = await t.ok("run_configuration", configuration_name="Calculator Tests", wait_for_completion=True)
        assert tests["status"] == "failed" and tests["exit_code"] == 1
        assert "test_total_includes_tax" in tests["output"] and "FAILED (failures=1)" in tests["output"]

        await t.err("run_configuration", "cannot_run", configuration_name="npm build")


async def test_example3_exit_code_and_both_streams(server):
    async with server() as t:
        done = await t.ok("run_configuration", configuration_name="Output", wait_for_completion=True,
                          timeout=30)
        assert done["status"] == "failed" and done["exit_code"] == 3
        assert "hello from stdout" in done["output"] and "warning on stderr" in done["output"]
        assert "3" in done["message"]

        # Without waiting: started at once; the status reports the end later.
        started = await t.ok("run_configuration", configuration_name="Output")
        assert started["status"] == "started" and started["exit_code"] is None
        status = await t.wait_until_ended(started["session_id"])
        assert status["state"] == "stopped" and status["exit_code"] == 3


async def test_example4_watches_change_across_steps(server):
    """Watches: re-evaluated at every status."""
    async with server() as t:
        start = line_of("orders.py", "watch_start")
        await t.ok("set_breakpoint", file_path="orders.py", line=start)
        # Added before the session: evaluated at every stop from then on.
        total_watch = await t.ok("add_watch", expression="order.total")
        assert total_watch["status"] == "added" and "value" not in total_watch
        started = await t.start("Orders")
        assert started["execution"]["new_location"]["line"] == start
        # Added while paused: evaluated right away.
        size_watch = await t.ok("add_watch", expression="len(order.items)")
        assert size_watch["status"] == "added" and size_watch["value"] == "1"
        again = await t.ok("add_watch", expression="order.total")
        assert again["status"] == "already_exists" and again["watch_id"] == total_watch["watch_id"]

        def watch_values(status):
            return {w["expression"]: (w["value"], w["error"]) for w in status["watches"]}

        status = await t.status()
        assert watch_values(status) == {"order.total": ("40.25", None), "len(order.items)": ("1", None)}
        assert [w["id"] for w in status["watches"]] == [total_watch["watch_id"], size_watch["watch_id"]]

        stepped = await t.ok("step_over")
        assert stepped["new_location"]["line"] == line_of("orders.py", "watch_next")
        status = await t.status()
        assert watch_values(status) == {"order.total": ("100.5", None), "len(order.items)": ("2", None)}

        await t.ok("step_over")
        status = await t.status()
        assert status["current_location"]["line"] == line_of("orders.py", "watch_last")
        assert watch_values(status) == {"order.total": ("125.75", None), "len(order.items)": ("3", None)}

        removed = await t.ok("remove_watch", watch_id=size_watch["watch_id"])
        assert removed["removed"] is True
        status = await t.status()
        assert list(watch_values(status)) == ["order.total"]
        again = await t.ok("remove_watch", watch_id=size_watch["watch_id"])
        assert again["removed"] is False


async def test_tool_listing_schemas_and_annotations(server):
    async with server() as t:
        tools = {tool.name: tool for tool in (await t.client.list_tools()).tools}
        assert set(tools) == ALL_TOOLS and len(tools) == 28
        for name, tool in tools.items():
            assert tool.description, name
            assert tool.input_schema["type"] == "object", name
            assert tool.output_schema and tool.output_schema["type"] == "object", name
            assert "projectPath" in tool.input_schema["properties"], name
            assert tool.annotations.read_only_hint is (name in READ_ONLY), name
        for name in ("run_configuration", "start_debug_session", "set_variable", "trace_execution"):
            assert tools[name].annotations.destructive_hint is True, name
        # Ending a session loses nothing the user keeps: a client that refuses destructive tools
        # unattended (Codex exec) lets the agent stop what it started.
        stop = tools["stop_debug_session"].annotations
        assert (stop.destructive_hint, stop.idempotent_hint) == (False, True)
        # Clients that defer tools behind a search (Claude Code) find each by plain words, and
        # load the first ones a debugging session needs at once.
        for name, tool in tools.items():
            hint = (tool.meta or {}).get("anthropic/searchHint", "")
            assert "debug" in hint and len(hint) <= 120, (name, hint)
        loaded = {name for name, tool in tools.items() if (tool.meta or {}).get("anthropic/alwaysLoad") is True}
        assert loaded == {"start_debug_session", "set_breakpoint", "get_debug_session_status"}
        assert tools["evaluate"].input_schema["required"] == ["expression"]
        assert "allow_side_effects" in tools["evaluate"].input_schema["properties"]
        # One of configuration_name and file_path: neither is required on its own.
        start = tools["start_debug_session"].input_schema
        assert "required" not in start and {"configuration_name", "file_path", "line"} <= set(start["properties"])


async def test_required_parameters_are_marked_required(server):
    async with server() as t:
        tools = {tool.name: tool for tool in (await t.client.list_tools()).tools}
        # set_breakpoint's place is one of file_path+line or function: neither is required alone.
        breakpoint_schema = tools["set_breakpoint"].input_schema
        assert "required" not in breakpoint_schema
        assert {"file_path", "line", "function"} <= set(breakpoint_schema["properties"])
        assert set(tools["run_to_line"].input_schema.get("required", [])) == {"file_path", "line"}
        assert tools["select_stack_frame"].input_schema.get("required") == ["frame_index"]
        assert tools["set_variable"].input_schema.get("required") == ["new_value"]
        # A 1-based line cannot be 0.
        assert tools["set_breakpoint"].input_schema["properties"]["line"].get("minimum") == 1


def test_demo_script(binary, tmp_path):
    """examples/demo.py walks Example 1 against the binary and exits 0."""
    env = {**os.environ, "JBD_BINARY": binary}
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "demo.py"), "--python", sys.executable],
                         env=env, capture_output=True, text=True, timeout=120)
    print(run.stdout[-4000:], run.stderr[-4000:])
    assert run.returncode == 0
    assert "Demo OK" in run.stdout and "subtotal * TAX_RATE" in run.stdout
    assert "✗" not in run.stdout
