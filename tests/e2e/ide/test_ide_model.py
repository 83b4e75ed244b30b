"""The IntelliJ layer executed end to end, as users install it: the official Python MCP client →
the binary bundled in the plugin zip → WebSocket → the plugin's real bridge → the real
`IntellijIdeFacade` and listeners → the platform model (intellij-plugin/platform-model: a
modelled PyCharm with one EDT, modality, read/write rules, XDebugger, breakpoints, run
configurations, dialogs).

The plugin is the zip scripts/plugin-zip builds (the bytes that ship), unpacked into a fresh
plugins folder per test, with its binary's executable bit lost as an installer can lose it. The
JVM side is `ModelIdeMain`: it loads the plugin's jars through a class loader of their own with
the modelled platform as parent (as IntelliJ's PluginClassLoader does), the model starts, a copy
of `examples/calculator` opens, the plugin's own postStartupActivity starts its
DebuggerBridgeService, which finds and starts the binary of its own folder.
Run configurations there: `App` (Python: debug runs the scripted calculator, run mode a real
`python3 calculator.py`), `Ticker` (a loop that runs until paused), `Crash` (an uncaught
ValueError), `Echo` (run mode: prints its arguments, working directory and MODE), `Secrets`
(credentials, for test_secrets.py), `Secret forms` (the secret-forms corpus, for
test_secret_forms.py), `Tests` (Python tests: a failing pytest test), `npm build`
(run only) and `Broken` (fails validation). The debuggee
of a debug session is the model's simulation of calculator.py, line by line with its real
values. Every test ends by asking the model for violations of the platform's threading rules
and IDE errors: there must be none. The JVM runs under the JaCoCo agent (scripts/kotlin leaves
the argument in build/kotlin/coverage-agent.txt), so this test adds to the line coverage of
intellij/ that scripts/intellij-coverage prints.

What it does not prove: that the real platform behaves as the model does. The model follows
the 2025.2 sources and javadoc it cites; the Plugin Verifier and a real IDE remain the judges.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from conftest import CALCULATOR, CALC_LINES
from helpers.model_ide import PLUGIN_BINARY, ide, installed_plugin  # noqa: F401 (installed_plugin: a fixture)

pytestmark = pytest.mark.anyio


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of examples/calculator: the harness adds ticker.py to it."""
    copy = tmp_path / "calculator"
    shutil.copytree(CALCULATOR, copy)
    return copy.resolve()


def by_name(variables: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {v["name"]: v for v in variables}


async def eventually(probe, what: str, seconds: float = 15) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = await probe()
        if value or time.monotonic() > deadline:
            assert value, f"timed out waiting for {what}"
            return value
        await anyio.sleep(0.1)


async def test_every_tool_through_the_intellij_layer(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        # The plugin found the binary of its own folder and restored the executable bit the install lost.
        assert os.access(installed_plugin / PLUGIN_BINARY, os.X_OK)
        configs = {c["name"]: c for c in (await t.ok("list_run_configurations"))["run_configurations"]}
        assert set(configs) == {"App", "Ticker", "Crash", "Echo", "Secrets", "Secret forms", "Tests", "npm build",
                                "Broken"}
        assert configs["App"]["can_debug"] is True and configs["App"]["type"] == "Python"
        assert configs["npm build"]["can_debug"] is False and configs["npm build"]["can_run"] is True

        # Breakpoints land in the IDE's own XBreakpointManager.
        bp = await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        log = await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["total"],
                         log_message="total is {total}", suspend_policy="none")
        exc = await t.ok("set_exception_breakpoint", exception_class="BaseException", caught=False, uncaught=True)
        ide_bps = h.command("breakpoints")["breakpoints"]
        lines = sorted(b["line"] for b in ide_bps if b["type"] == "python-line")
        assert lines == [CALC_LINES["subtotal"], CALC_LINES["total"]], ide_bps
        assert any(b["type"] == "python-exception" and b["enabled"] for b in ide_bps), ide_bps
        listed = await t.ok("list_breakpoints")
        assert listed["total_count"] == 3, listed

        # A debug session launched by the IDE's runner, paused at the breakpoint by the debugger.
        started = await t.start("App")
        assert started["status"] == "paused", started
        assert started["execution"]["paused_reason"] == "breakpoint", started
        assert started["execution"]["new_location"]["line"] == CALC_LINES["subtotal"]
        assert started["execution"]["new_location"]["method"] == "calculate_total"
        assert bp["breakpoint_id"] in started["execution"]["breakpoints_hit"]
        session = started["session_id"]
        assert [s["id"] for s in (await t.ok("list_debug_sessions"))["sessions"]] == [session]

        status = await t.status()
        assert status["state"] == "paused" and status["paused_reason"] == "breakpoint"
        assert status["current_location"]["file"] == str(project / "calculator.py")
        variables = by_name(status["variables"])
        # Real values, never the debugger's "Collecting data…" placeholder.
        assert variables["subtotal"]["value"] == "0.0" and variables["tax"]["value"] == "0.0", variables
        assert variables["items"]["has_children"] is True
        assert [f["method"] for f in status["stack_summary"]][:2] == ["calculate_total", "main"]
        assert status["current_thread"]["name"] == "MainThread"

        threads = await t.ok("list_threads")
        assert [th["name"] for th in threads["threads"]][:1] == ["MainThread"]
        stack = await t.ok("get_stack_trace")
        assert stack["frames"][0]["method"] == "calculate_total" and stack["frames"][0]["line"] == CALC_LINES["subtotal"]
        await t.ok("select_stack_frame", frame_index=1)
        outer = by_name((await t.ok("get_variables"))["variables"])
        assert "items" in outer and "subtotal" not in outer, outer
        await t.ok("select_stack_frame", frame_index=0)

        items = by_name((await t.ok("get_variables"))["variables"])["items"]
        expanded = await t.ok("expand_variable", variable_id=items["id"])
        assert len([c for c in expanded["children"] if c["name"].isdigit()]) == 3, expanded

        assert await t.evaluate("len(items)") == "3"

        # Into subtotal_of and back out to the line after the call.
        into = await t.ok("step_into")
        assert into["new_location"]["method"] == "subtotal_of", into
        out = await t.ok("step_out")
        assert out["new_location"]["method"] == "calculate_total", out
        if out["new_location"]["line"] == CALC_LINES["subtotal"]:
            out = await t.ok("step_over")
        assert out["new_location"]["line"] == CALC_LINES["tax"], out

        assert by_name((await t.ok("get_variables"))["variables"])["subtotal"]["value"] == "150.0"
        changed = await t.ok("set_variable", name="subtotal", new_value="99.5")
        assert changed["variable"]["value"] == "99.5", changed
        assert await t.evaluate("subtotal * 2") == "199.0"
        await t.ok("set_variable", name="subtotal", new_value="150.0")

        watch = await t.ok("add_watch", expression="subtotal * TAX_RATE")
        step = await t.ok("step_over")
        assert step["status"] == "stepped" and step["new_location"]["line"] == CALC_LINES["total"], step
        watches = (await t.status())["watches"]
        assert [w["value"] for w in watches] == ["0.0"], watches
        await t.ok("remove_watch", watch_id=watch["watch_id"])

        ran_to = await t.ok("run_to_line", file_path="calculator.py", line=CALC_LINES["total"] + 1)
        assert ran_to["new_location"]["line"] == CALC_LINES["total"] + 1, ran_to
        refused = await t.err("jump_to_line", "not_supported", line=CALC_LINES["subtotal"])
        assert "next statement" in refused["message"], refused
        source = await t.ok("get_source_context", file_path="calculator.py", line=CALC_LINES["tax"])
        assert "TAX_RATE" in source["source"], source

        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        await t.ok("remove_breakpoint", breakpoint_id=log["breakpoint_id"])
        await t.ok("remove_breakpoint", breakpoint_id=exc["breakpoint_id"])
        assert [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "python-line"] == []

        resumed = await t.ok("resume")
        assert resumed["status"] == "stopped" and resumed["exit_code"] == 0, resumed

        # A second session that runs until paused: pause stops it where it is, then stop ends it.
        second = await t.start("Ticker", wait_for_pause=False)
        paused = await t.ok("pause", session_id=second["session_id"])
        assert paused["status"] == "paused" and paused["paused_reason"] == "pause", paused
        assert paused["new_location"]["file"].endswith("ticker.py"), paused
        await t.ok("stop_debug_session", session_id=second["session_id"])

        # Run mode: a real python3 process, its output and exit code.
        ran = await t.ok("run_configuration", configuration_name="App", wait_for_completion=True)
        assert ran["status"] == "completed" and ran["exit_code"] == 0, ran
        assert "Total: 150.00" in json.dumps(ran), ran

        # A trace: the probe is a python-line breakpoint of the IDE, set, hit and removed.
        traced = await t.ok("trace_execution", configuration_name="App", probes=[
            {"file_path": "calculator.py", "line": CALC_LINES["tax"], "expressions": ["subtotal", "tax"]}])
        assert traced["ended"] == "program_ended" and traced["exit_code"] == 0, traced
        assert [hit["values"] for hit in traced["hits"]] == [{"subtotal": "150.0", "tax": "0.0"}], traced["hits"]
        assert [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "python-line"] == []

        listed_tools = {tool.name for tool in (await t.client.list_tools()).tools}
        assert t.called == listed_tools, f"not exercised here: {sorted(listed_tools - t.called)}"


async def test_a_file_is_debugged_with_the_configuration_the_gutter_would_use(installed_plugin, state_dir, project):
    """start_debug_session file_path through IntellijIdeFacade: ConfigurationContext finds the
    project's own configuration of calculator.py (App) as the gutter's Debug would; line is a
    temporary breakpoint in the IDE's XBreakpointManager, gone once the hit is resumed."""
    async with ide(installed_plugin, state_dir, project) as (t, h):
        line = CALC_LINES["tax"]
        started = await t.ok("start_debug_session", file_path="calculator.py", line=line)
        assert started["status"] == "paused", started
        assert started["execution"]["new_location"]["line"] == line, started
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [s["run_configuration"] for s in sessions] == ["App"], sessions
        ide_bps = [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "python-line"]
        assert [b["line"] for b in ide_bps] == [line], ide_bps
        resumed = await t.ok("resume")
        assert resumed["status"] == "stopped" and resumed["exit_code"] == 0, resumed
        # PyCharm's own exception breakpoint stays; no line breakpoint is left.
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert [b for b in listed if b["type"] == "line"] == [], listed
        assert [c["name"] for c in (await t.ok("list_run_configurations"))["run_configurations"]
                if c["is_temporary"]] == []
        (project / "notes.txt").write_text("not a program\n")
        body = await t.err("start_debug_session", "cannot_debug", file_path="notes.txt")
        assert "notes.txt" in body["message"], body


async def test_a_configuration_that_fails_validation_is_refused_without_a_dialog(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        body = await t.err("start_debug_session", "cannot_debug", configuration_name="Broken")
        assert "Please select a valid Python interpreter" in body["message"], body
        assert h.command("dialogs")["dialogs"] == [], "the IDE's Edit-configuration dialog must never open"
        assert (await t.ok("list_debug_sessions"))["sessions"] == []


async def test_while_a_modal_dialog_is_open_the_ide_holds_the_agents_calls(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["tax"])
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["total"])
        started = await t.start("App")
        assert started["execution"]["new_location"]["line"] == CALC_LINES["tax"]
        assert h.command("modal-open") == {"modal": "open"}

        # The user has Settings open in the IDE, which runs no model change until it closes: the
        # call waits out its deadline, then says so, and nothing was done.
        body = await t.err("resume", "timeout")
        assert "a modal dialog is open in the IDE" in body["message"], body
        assert [s["paused"] for s in h.command("sessions")["sessions"]] == [True]

        # A dialog closed within the deadline only delays the call.
        answer: dict[str, Any] = {}

        async def resume() -> None:
            answer["resume"] = await t.ok("resume")
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(resume)
            await anyio.sleep(1.5)
            h.command("modal-close")
        assert answer["resume"]["new_location"]["line"] == CALC_LINES["total"], answer
        assert by_name((await t.ok("get_variables"))["variables"])["subtotal"]["value"] == "150.0"


async def test_the_user_stops_the_session_in_the_ide(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        started = await t.start("App")
        h.command("stop-from-ide")
        ended = await t.wait_until_ended(started["session_id"])
        assert ended["state"] == "stopped", ended
        await t.err("step_over", None, session_id=started["session_id"])


async def test_a_breakpoint_the_user_adds_in_the_ide_is_seen_by_the_agent(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        h.command(f"user-breakpoint calculator.py {CALC_LINES['tax']}")

        async def listed():
            bps = (await t.ok("list_breakpoints"))["breakpoints"]
            return [b for b in bps if b.get("line") == CALC_LINES["tax"]]
        await eventually(listed, "the user's breakpoint in list_breakpoints")
        started = await t.start("App")
        assert started["execution"]["new_location"]["line"] == CALC_LINES["tax"]
        await t.ok("stop_debug_session")

        # Whose is whose: the user's stays when the agent clears its own.
        [users] = await listed()
        assert users["owner"] == "user", users
        mine = await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["total"])
        listed_all = (await t.ok("list_breakpoints"))["breakpoints"]
        owners = {b["line"]: b["owner"] for b in listed_all if b["type"] == "line"}
        assert owners == {CALC_LINES["tax"]: "user", CALC_LINES["total"]: "agent"}, owners
        assert all(b["owner"] == "user" for b in listed_all if b["type"] != "line"), "the IDE's own"
        cleared = await t.ok("remove_breakpoint", owner="agent")
        assert cleared["removed"] == [mine["breakpoint_id"]], cleared
        assert [b["line"] for b in (await t.ok("list_breakpoints", type="line"))["breakpoints"]] == [CALC_LINES["tax"]]
        assert [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "python-line"], \
            "the user's breakpoint is still in the IDE"


async def test_confirmations_are_the_plugins_dialog_in_the_ide(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project, brave=False) as (t, h):
        h.command("answer-next Deny")
        await t.err("start_debug_session", "confirmation_denied", configuration_name="App")
        dialogs = h.command("dialogs")["dialogs"]
        assert len(dialogs) == 1 and dialogs[0]["open"] is False, dialogs
        assert dialogs[0]["default"] == "Deny", dialogs
        assert any("App" in text for text in dialogs[0]["texts"]), dialogs
        assert (await t.ok("list_debug_sessions"))["sessions"] == []
        h.command("answer-next Allow Once")
        started = await t.start("App", wait_for_pause=False)
        assert started["session_id"]


async def test_the_project_closes_mid_session(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        started = await t.start("App")
        assert h.command("close-project") == {"closed": True}
        # Whatever the agent asks next is answered at once with a structured error: no project is open.
        body = await t.err("get_debug_session_status", "project_not_found", session_id=started["session_id"])
        assert body["open_projects"] == [], body
        await t.err("list_run_configurations", "project_not_found")


async def test_a_launch_with_overrides_runs_with_them_and_the_saved_configuration_is_unchanged(installed_plugin, state_dir, project):
    """The plugin runs a copy of the configuration made for the launch (a Python script's
    parameters, working directory and environment); the saved one is as it was, the next launch
    without overrides runs it so, and a configuration that takes none is not_supported naming its type."""
    (project / "data").mkdir()
    async with ide(installed_plugin, state_dir, project) as (t, h):
        saved = h.command("configurations")["configurations"]["Echo"]
        ran = await t.ok("run_configuration", configuration_name="Echo", wait_for_completion=True,
                         overrides={"args": ["--fast", "two words"], "cwd": "data", "env": {"MODE": "test"}})
        assert ran["status"] == "completed" and ran["exit_code"] == 0, ran
        output = json.dumps(ran)
        assert "args ['--fast', 'two words']" in output and f"cwd {project / 'data'}" in output, ran
        assert "MODE test" in output, ran
        assert h.command("configurations")["configurations"]["Echo"] == saved == [None, None, {}, True]
        plain = await t.ok("run_configuration", configuration_name="Echo", wait_for_completion=True)
        assert "args []" in json.dumps(plain) and "MODE None" in json.dumps(plain), plain
        refused = await t.err("run_configuration", "not_supported", configuration_name="npm build",
                              overrides={"env": {"MODE": "test"}})
        assert "npm" in refused["message"], refused


async def test_a_crashing_python_program_stops_at_its_raise_by_default(installed_plugin, state_dir, project):
    """Break on uncaught for one launch: with the user's "Any exception" breakpoint switched off, the
    launch adds the language's exception breakpoint (PyCharm's own properties: any exception, on
    termination), the agent never sees it listed, and it is gone when the session ends;
    break_on_uncaught: false lets the program end; with the user's breakpoint on, nothing is added."""
    async with ide(installed_plugin, state_dir, project) as (t, h):
        def exception_breakpoints() -> list[dict[str, Any]]:
            return [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "python-exception"]

        assert len(exception_breakpoints()) == 1  # PyCharm's default, enabled
        await t.ok("remove_breakpoint", breakpoint_id=(await t.ok("list_breakpoints"))["breakpoints"][0]["id"])
        assert [b["enabled"] for b in exception_breakpoints()] == [False]

        started = await t.start("Crash")
        assert started["break_on_uncaught"] is True, started
        assert started["status"] == "paused" and started["execution"]["paused_reason"] == "exception", started
        assert started["execution"]["new_location"]["line"] == 4, started
        assert started["execution"]["exception"]["type"] == "ValueError", started
        assert not started["execution"].get("breakpoints_hit"), "the launch's breakpoint is no breakpoint of the agent's"
        assert (await t.ok("list_breakpoints"))["breakpoints"] == []
        assert sorted(b["enabled"] for b in exception_breakpoints()) == [False, True]
        ended = await t.ok("resume")
        assert ended["status"] == "stopped", ended
        await eventually(lambda: anyio.to_thread.run_sync(lambda: [b["enabled"] for b in exception_breakpoints()] == [False]),
                         "the launch's exception breakpoint removed")

        through = await t.start("Crash", break_on_uncaught=False)
        assert through["break_on_uncaught"] is False and through["status"] == "stopped", through
        assert through["execution"]["exit_code"] == 1, through
        assert [b["enabled"] for b in exception_breakpoints()] == [False]


async def test_the_users_exception_breakpoint_is_left_alone(installed_plugin, state_dir, project):
    async with ide(installed_plugin, state_dir, project) as (t, h):
        started = await t.start("Crash")
        assert started["status"] == "paused" and started["execution"]["paused_reason"] == "exception", started
        ide_bps = [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "python-exception"]
        assert [b["enabled"] for b in ide_bps] == [True], "nothing added beside the user's own"
        await t.ok("stop_debug_session", session_id=started["session_id"])


async def test_an_agents_python_logpoint_reaches_the_session_output(installed_plugin, state_dir, project):
    """PyCharm prints a logpoint's message to the session's console only: the plugin reads it at its
    breakpoint's stop instead, so the agent's output and debugger://session/output have it, the
    user's console still shows it, and the agent sees no stop."""
    async with ide(installed_plugin, state_dir, project) as (t, h):
        line = CALC_LINES["total"] + 1
        await t.ok("set_breakpoint", file_path="calculator.py", line=line, log_message="total is {total}")
        stop = await t.ok("set_breakpoint", file_path="calculator.py", line=line + 6)  # main's print
        started = await t.start("App")
        assert started["status"] == "paused" and stop["breakpoint_id"] in started["execution"]["breakpoints_hit"], started
        output = json.loads((await t.client.read_resource("debugger://session/output")).contents[0].text)
        assert "total is 150.0\n" in output["text"], output
        consoles = [s["console"] for s in h.command("sessions")["sessions"]]
        assert consoles == [["total is 150.0\n"]], consoles
        listed = {b["log_message"] for b in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert "total is {total}" in listed
        await t.ok("stop_debug_session", session_id=started["session_id"])


async def test_a_failing_pytest_in_the_ide_says_why_it_cannot_stop_and_pycharms_own_stop_is_the_failed_test(
        installed_plugin, state_dir, project):
    """A Python tests configuration cannot be made to stop where a test fails through public API: the
    agent is told why, and the tests run through. With the user's "Drop into debugger on failed tests"
    on, one start lands in the failing test's frame with its locals, reported as the failed test."""
    async with ide(installed_plugin, state_dir, project) as (t, h):
        through = await t.start("Tests")
        assert through["status"] == "stopped", through
        output = through["execution"]["output"]
        assert "not_supported: the plugin cannot make a failing test stop this session" in output, through
        assert "Drop into debugger on failed tests" in output, through

        h.command("drop-into-debugger")
        stopped = await t.start("Tests", include_variables=True)
        execution = stopped["execution"]
        assert stopped["status"] == "paused" and execution["paused_reason"] == "test_failed", stopped
        assert execution["failed_test"] == {"name": "test_cart.py::test_total", "message": "assert 165 == 160"}, execution
        assert execution["new_location"]["line"] == 4, execution
        assert by_name(execution["variables"])["total"]["value"] == "165", execution
        await t.ok("stop_debug_session", session_id=stopped["session_id"])


async def test_a_python_session_in_the_ide_says_why_it_cannot_watch_a_value(installed_plugin, state_dir, project):
    """set_breakpoint's watch form goes to the plugin (breakpoints/watch): its data breakpoints are
    Java field watchpoints, so in a Python session it answers not_supported saying so, and places nothing."""
    async with ide(installed_plugin, state_dir, project) as (t, h):
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        started = await t.start("App")
        assert started["status"] == "paused", started
        before = (await t.ok("list_breakpoints"))["breakpoints"]
        body = await t.err("set_breakpoint", "not_supported", watch="subtotal")
        assert "Java field watchpoints; python has none" in body["message"], body
        assert (await t.ok("list_breakpoints"))["breakpoints"] == before
        assert [b for b in h.command("breakpoints")["breakpoints"] if b["type"] == "java-field"] == []
        await t.ok("stop_debug_session", session_id=started["session_id"])
