"""Cross-language wire test of the IDE bridge: the official Python MCP client → the real
binary (`serve --ide-managed`, launched and supervised by the plugin's own Kotlin
launcher) → WebSocket → the plugin's real Kotlin bridge client and dispatcher in a JVM
→ `RecordingIde`, a test implementation of the plugin's IDE-facing interface that
records every call and answers with requirement-shaped data.

What this proves: every tool crosses the wire and reaches the IDE-facing interface with
the right arguments, and its answer comes back in the tools' result shape; the
bridge enforces its token; a dropped bridge is `ide_not_connected` and recovers;
confirmations become IDE dialogs; break on uncaught is left to the IDE; `stdio` finds the IDE through the discovery file.
What it does NOT prove: the IntelliJ calls behind the interface (they are only
compile-checked against stubs here).

Needs `scripts/kotlin` to have built the plugin's classes (it writes
intellij-plugin/build/kotlin/test-classpath.txt); `scripts/test` runs it first.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import stat
import subprocess
import time
from pathlib import Path
from typing import Any, AsyncIterator

import anyio
import mcp.types as types
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import CALCULATOR, CALC_LINES, MODES, PROGRAMS, PYTHON, ROOT, Tools, access_token, http_client, text_of
from resource_client import BREAKPOINTS, LISTED, SESSION, Notices, read, read_error, updated
from jvm_harness import CountingTools, Harness, jvm

HARNESS_MAIN = "dev.jetbrainsdebugger.crosslang.CrossLanguageMainKt"
CALC_FILE = str(CALCULATOR / "calculator.py")

pytestmark = pytest.mark.anyio


def harness(binary: str, state_dir: Path, env: dict[str, str] | None = None) -> Any:
    return jvm(HARNESS_MAIN, "test-classpath.txt", [binary, str(CALCULATOR), "0"], state_dir, env=env)


@contextlib.asynccontextmanager
async def ide(binary: str, state_dir: Path, env: dict[str, str] | None = None, mode: str = "legacy",
              elicitation_callback=None, message_handler=None) -> AsyncIterator[tuple[CountingTools, Harness, dict[str, Any]]]:
    """A RecordingIde connected to the binary, and an MCP client on the binary's HTTP endpoint."""
    with harness(binary, state_dir, env) as h:
        ready = h.next_json()
        assert isinstance(ready, dict) and ready["mcp_url"].startswith("http://127.0.0.1:"), ready
        async with Client(http_client(ready["mcp_url"], state_dir), mode=mode, elicitation_callback=elicitation_callback,
                          message_handler=message_handler) as client:
            yield CountingTools(client, h.log), h, ready


async def wait_connected(tools: Tools, seconds: float = 20) -> None:
    """Poll a read-only tool until the bridge answers again (the way an agent would retry)."""
    deadline = time.monotonic() + seconds
    while True:
        result = await tools.raw("list_run_configurations", {})
        if not result.is_error:
            return
        body = json.loads(text_of(result))
        assert body["error"] == "ide_not_connected", body
        if time.monotonic() > deadline:
            raise AssertionError(f"the bridge did not come back within {seconds}s")
        await anyio.sleep(0.2)


def recorded(h: Harness, method: str) -> list[dict[str, Any]]:
    return [c for c in h.calls() if c["method"] == method]


async def test_every_tool_crosses_the_bridge(binary, state_dir):
    async with ide(binary, state_dir) as (t, h, _):
        # Run configurations: from the IDE, with can_debug from its runners.
        configs = await t.ok("list_run_configurations")
        by_name = {c["name"]: c for c in configs["run_configurations"]}
        assert by_name["App"]["can_debug"] is True
        assert by_name["npm build"]["can_debug"] is False
        await t.err("start_debug_session", "cannot_debug", configuration_name="npm build")

        # Breakpoints before the session: line (with condition), logpoint, exception.
        bp = await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"],
                        condition="len(items) > 1")
        assert bp["breakpoint_id"]
        added = recorded(h, "addBreakpoint")
        assert added[-1]["args"]["spec"]["kind"] == {"type": "line", "file": CALC_FILE,
                                                     "line": CALC_LINES["subtotal"]}
        assert added[-1]["args"]["spec"]["condition"] == "len(items) > 1"
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["total"],
                   log_message="total is {total}", suspend_policy="none")
        exc = await t.ok("set_exception_breakpoint", exception_class="ValueError", caught=False, uncaught=True)
        assert recorded(h, "addBreakpoint")[-1]["args"]["spec"]["kind"] == {
            "type": "exception", "exception_class": "ValueError", "caught": False, "uncaught": True}
        listed = await t.ok("list_breakpoints")
        assert len(listed["breakpoints"]) == 3

        # A debug session: launched by the IDE, paused at the breakpoint.
        started = await t.start("App")
        session = started["session_id"]
        assert recorded(h, "launch")[-1]["args"] == {"project": str(CALCULATOR), "configuration": "App",
                                                     "mode": "debug", "break_on_uncaught": True}
        assert started["status"] == "paused", started
        sessions = await t.ok("list_debug_sessions")
        assert [s["id"] for s in sessions["sessions"]] == [session]

        status = await t.status()
        assert status["current_location"]["line"] == CALC_LINES["subtotal"], status
        assert status["paused_reason"] == "breakpoint"

        threads = await t.ok("list_threads")
        assert [th["name"] for th in threads["threads"]][:1] == ["MainThread"]
        stack = await t.ok("get_stack_trace")
        assert stack["frames"][0]["method"] == "compute_total"
        assert stack["total_frames"] >= 2
        await t.ok("select_stack_frame", frame_index=1)
        assert recorded(h, "selectFrame"), "the IDE's current frame follows the agent's selection"
        await t.ok("select_stack_frame", frame_index=0)

        variables = await t.variables()
        assert variables["subtotal"] == "120.0"
        listed_vars = await t.ok("get_variables")
        items = next(v for v in listed_vars["variables"] if v["name"] == "items")
        assert items["has_children"] is True
        expanded = await t.ok("expand_variable", variable_id=items["id"])
        assert expanded["children"], expanded
        assert recorded(h, "children")

        await t.ok("set_variable", name="subtotal", new_value="99.5")
        set_call = recorded(h, "setValue")[-1]["args"]
        assert set_call["value"] == "99.5"
        assert "slot" in set_call["target"], set_call

        assert await t.evaluate("subtotal * TAX_RATE") == "0.0"
        assert recorded(h, "evaluate")[-1]["args"]["kind"] == "expression"

        watch = await t.ok("add_watch", expression="subtotal")
        stepped = await t.ok("step_over", include_variables=True)
        assert stepped["status"] == "stepped", stepped
        # Asked for them, the answer carries the variables and watches, read over the bridge
        # by the status's own code, with ids expand_variable takes.
        shown = {v["name"]: v for v in stepped["variables"]}
        assert {"subtotal", "items"} <= set(shown), stepped
        [watched] = stepped["watches"]
        assert watched["id"] == watch["watch_id"] and watched["error"] is None, watched
        assert watched["value"] == shown["subtotal"]["value"], stepped
        assert (await t.ok("expand_variable", variable_id=shown["items"]["id"]))["children"]
        step_call = recorded(h, "step")[-1]["args"]
        assert step_call["kind"] == "over" and step_call["ignoreBreakpoints"] is False, step_call
        await t.ok("step_into")
        assert recorded(h, "step")[-1]["args"]["kind"] == "into"
        await t.ok("step_out")
        assert recorded(h, "step")[-1]["args"]["kind"] == "out"
        await t.ok("run_to_line", file_path="calculator.py", line=CALC_LINES["total"])
        assert recorded(h, "runToLine")[-1]["args"]["line"] == CALC_LINES["total"]
        refused = await t.err("jump_to_line", "not_supported", line=CALC_LINES["subtotal"])
        assert "next statement" in refused["message"], refused
        source = await t.ok("get_source_context", file_path="calculator.py", line=CALC_LINES["tax"])
        assert "TAX_RATE" in source["source"], source
        await t.ok("remove_watch", watch_id=watch["watch_id"])

        await t.ok("remove_breakpoint", breakpoint_id=bp["breakpoint_id"])
        await t.ok("remove_breakpoint", breakpoint_id=exc["breakpoint_id"])
        assert len(recorded(h, "removeBreakpoint")) == 2

        # No suspending breakpoint left: resuming runs the program to its end.
        resumed = await t.ok("resume")
        assert recorded(h, "resume")
        assert resumed["status"] == "stopped" and resumed["exit_code"] == 0, resumed

        # A second session that runs freely: pause stops it where it is.
        second = await t.start("App", wait_for_pause=False)
        paused = await t.ok("pause", session_id=second["session_id"])
        assert recorded(h, "pause")[-1]["args"] == {"session": second["session_id"]}
        assert paused["status"] == "paused" and paused["paused_reason"] == "pause", paused
        await t.ok("stop_debug_session", session_id=second["session_id"])
        assert recorded(h, "stop")[-1]["args"] == {"session": second["session_id"]}
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert {s["id"]: s["state"] for s in sessions} == {session: "stopped", second["session_id"]: "stopped"}

        # A trace (test_a_trace_through_the_bridge looks closer).
        traced = await t.ok("trace_execution", configuration_name="App", max_hits=1, probes=[
            {"file_path": "calculator.py", "line": CALC_LINES["subtotal"], "expressions": ["subtotal"]}])
        assert traced["hits"][0]["values"] == {"subtotal": "120.0"}, traced
        await t.ok("stop_debug_session", session_id=traced["session_id"])

        ran = await t.ok("run_configuration", configuration_name="App", wait_for_completion=True)
        assert recorded(h, "launch")[-1]["args"]["mode"] == "run"
        assert ran["status"] == "completed" and ran["exit_code"] == 0, ran

        listed_tools = {tool.name for tool in (await t.client.list_tools()).tools}
        assert len(listed_tools) == 28
        assert t.called == listed_tools, f"not exercised here: {sorted(listed_tools - t.called)}"


async def test_break_on_uncaught_crosses_the_wire_by_default(binary, state_dir):
    """A debug launch asks the IDE to break on uncaught exceptions unless the agent says false (the
    server's default, as standalone); a run launch never asks; the IDE answers whether it could."""
    async with ide(binary, state_dir) as (t, h, _):
        started = await t.start("App", wait_for_pause=False)
        assert started["break_on_uncaught"] is True, started
        assert recorded(h, "launch")[-1]["args"] == {"project": str(CALCULATOR), "configuration": "App",
                                                     "mode": "debug", "break_on_uncaught": True}
        await t.ok("stop_debug_session", session_id=started["session_id"])
        started = await t.start("App", wait_for_pause=False, break_on_uncaught=False)
        assert started["break_on_uncaught"] is False and "exception breakpoint" not in started["message"]
        assert recorded(h, "launch")[-1]["args"] == {"project": str(CALCULATOR), "configuration": "App", "mode": "debug"}
        await t.ok("stop_debug_session", session_id=started["session_id"])
        await t.ok("run_configuration", configuration_name="App", wait_for_completion=True)
        assert recorded(h, "launch")[-1]["args"]["mode"] == "run" and "break_on_uncaught" not in recorded(h, "launch")[-1]["args"]


async def test_launch_overrides_cross_the_wire(binary, state_dir):
    """Overrides travel with the launch on both launching tools (the cwd made absolute inside the
    project); a bad cwd is path_outside_project before anything is launched, and an empty
    overrides object launches as usual."""
    async with ide(binary, state_dir) as (t, h, _):
        for tool in ("start_debug_session", "run_configuration"):
            await t.err(tool, "path_outside_project", configuration_name="App", overrides={"cwd": ".."})
        assert not recorded(h, "launch")
        started = await t.start("App", wait_for_pause=False, overrides={"args": ["--fast"], "cwd": ".", "env": {"MODE": "x"}})
        assert recorded(h, "launch")[-1]["args"]["overrides"] == {"args": ["--fast"], "cwd": str(CALCULATOR), "env": {"MODE": "x"}}
        await t.ok("stop_debug_session", session_id=started["session_id"])
        started = await t.start("App", wait_for_pause=False, overrides={})
        assert "overrides" not in recorded(h, "launch")[-1]["args"]
        await t.ok("stop_debug_session", session_id=started["session_id"])


async def test_a_file_is_debugged_without_a_configuration(binary, state_dir):
    """start_debug_session file_path crosses as session/launch with a file (the plugin makes
    the gutter's configuration); line is a temporary breakpoint of the agent's, added before
    the launch; what no producer takes is the IDE's cannot_debug, and nothing is left set."""
    async with ide(binary, state_dir) as (t, h, _):
        line = CALC_LINES["subtotal"]
        started = await t.ok("start_debug_session", file_path="calculator.py", line=line)
        assert recorded(h, "launchFile")[-1]["args"] == {"project": str(CALCULATOR), "file": CALC_FILE, "break_on_uncaught": True}
        stop = recorded(h, "addBreakpoint")[-1]["args"]["spec"]
        assert stop["kind"] == {"type": "line", "file": CALC_FILE, "line": line}, stop
        assert stop["temporary"] is True, stop
        assert started["status"] == "paused", started
        assert started["execution"]["new_location"]["line"] == line, started
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert [s["run_configuration"] for s in sessions] == ["calculator"], sessions
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert [(b["line"], b["owner"], b["temporary"]) for b in listed] == [(line, "agent", True)]
        await t.ok("stop_debug_session", session_id=started["session_id"])
        await t.ok("remove_breakpoint", owner="agent")

        launches = len(recorded(h, "launchFile"))
        # The calculator has no file a producer refuses: one that is not Python, made here.
        odd = CALCULATOR / "notes.txt"
        odd.write_text("not a program\n")
        try:
            body = await t.err("start_debug_session", "cannot_debug", file_path="notes.txt")
        finally:
            odd.unlink()
        assert "notes.txt" in body["message"], body
        assert len(recorded(h, "launchFile")) == launches + 1
        assert (await t.ok("list_breakpoints"))["breakpoints"] == []


@pytest.mark.parametrize("mode", MODES)
async def test_resources_through_the_bridge(binary, state_dir, mode):
    """The same resources and notifications as on debugpy, served from the IDE's answers
    and the bridge's events."""
    notices = Notices()
    async with ide(binary, state_dir, mode=mode, message_handler=notices.handler) as (t, h, _):
        # Listed before any session (a client may list them once, at connect).
        assert {r.uri for r in (await t.client.list_resources()).resources} == LISTED
        assert (await read(t.client, SESSION))["state"] == "no_session"
        async with notices.subscribed(t.client, mode, SESSION, BREAKPOINTS):
            mark = notices.mark()
            await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
            await notices.wait(mark, updated(BREAKPOINTS))
            mark = notices.mark()
            started = await t.start("App")
            await notices.wait(mark, updated(SESSION))
            assert {r.uri for r in (await t.client.list_resources()).resources} == LISTED
            session = await read(t.client, SESSION)
            assert session["session_id"] == started["session_id"] and session["state"] == "paused"
            assert session["current_location"]["line"] == CALC_LINES["subtotal"]
            [breakpoint] = (await read(t.client, BREAKPOINTS))["breakpoints"]
            assert breakpoint["line"] == CALC_LINES["subtotal"]
            assert (await read(t.client, "debugger://source/calculator.py")).startswith('"""')

            mark = notices.mark()
            await t.ok("step_over")
            await notices.wait(mark, updated(SESSION))
            assert recorded(h, "step")

            mark = notices.mark()
            await t.ok("stop_debug_session")
            await notices.wait(mark, updated(SESSION))
            assert {r.uri for r in (await t.client.list_resources()).resources} == LISTED
            await read_error(t.client, SESSION, "session_ended")


async def test_a_trace_through_the_bridge(binary, state_dir):
    """trace_execution over the IDE backend: the probe is an IDE breakpoint, set and removed
    through the bridge; its expression is evaluated by the IDE at the hit."""
    async with ide(binary, state_dir) as (t, h, _):
        trace = await t.ok("trace_execution", configuration_name="App", max_hits=1, probes=[
            {"file_path": "calculator.py", "line": CALC_LINES["subtotal"], "expressions": ["subtotal"]}])
        assert trace["ended"] == "hit_budget" and trace["hits"][0]["values"] == {"subtotal": "120.0"}, trace
        added = recorded(h, "addBreakpoint")[-1]["args"]["spec"]["kind"]
        assert added == {"type": "line", "file": CALC_FILE, "line": CALC_LINES["subtotal"]}
        assert recorded(h, "removeBreakpoint"), "the probe's breakpoint is removed in the IDE"
        assert (await t.ok("list_breakpoints"))["breakpoints"] == []
        await t.ok("stop_debug_session")


async def test_bridge_drop_is_ide_not_connected_then_recovers(binary, state_dir):
    async with ide(binary, state_dir) as (t, h, _):
        await t.ok("list_run_configurations")
        h.command("drop")
        body = await t.err("list_run_configurations")
        # Right after the drop the server may still be noticing; it must never hang and
        # must say ide_not_connected once it knows.
        if body["error"] != "ide_not_connected":
            body = await t.err("list_run_configurations", "ide_not_connected")
        assert "IDE" in body["message"]
        await wait_connected(t)
        assert (await t.ok("list_run_configurations"))["run_configurations"]


@pytest.mark.parametrize("mode", MODES)
async def test_confirmations_are_ide_dialogs(binary, state_dir, mode):
    """On both protocol generations the IDE's dialog asks, never the MCP client (which would
    approve everything here): no elicitation request, no MRTR question."""
    elicited: list[str] = []

    async def approve(context, params: types.ElicitRequestParams):
        elicited.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})

    async with ide(binary, state_dir, mode=mode, elicitation_callback=approve) as (t, h, _):
        h.command("confirm deny")
        await t.err("start_debug_session", "confirmation_denied", configuration_name="App")
        asked = recorded(h, "confirm")
        assert asked and "App" in asked[-1]["args"]["message"], asked
        assert not recorded(h, "launch"), "a declined launch must not reach the IDE"
        h.command("confirm approve")
        started = await t.start("App")
        assert len(recorded(h, "confirm")) == 2
        await t.ok("stop_debug_session", session_id=started["session_id"])
        assert elicited == [], elicited


async def test_breakpoint_code_reading_program_values_asks_through_the_ide(binary, state_dir):
    """The IDE's debugger runs conditions and log messages itself, with no runtime guard: code
    that reads the program's values (a property, `__eq__`, `toString()` may run) needs the
    user's consent; a condition of literals alone does not."""
    async with ide(binary, state_dir) as (t, h, _):
        h.command("confirm deny")
        for code in [{"condition": "len(items) > 1"}, {"log_message": "total is {total}"}]:
            refused = await t.err("set_breakpoint", "confirmation_denied", file_path="calculator.py",
                                  line=CALC_LINES["subtotal"], **code)
            asked = recorded(h, "confirm")[-1]["args"]["message"]
            assert "runtime guard" in asked and "every hit" in asked, asked
            assert "every hit" in refused["message"], refused
        assert not recorded(h, "addBreakpoint"), "a declined condition must not reach the IDE"
        asked_so_far = len(recorded(h, "confirm"))
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"], condition="1 < 2")
        assert len(recorded(h, "confirm")) == asked_so_far


async def test_approvals_for_a_session_and_brave_mode_set_in_the_ide(binary, state_dir):
    remembered: list[dict[str, Any]] = []

    async def on_message(message) -> None:
        # The agent is told (MCP logging) when an approval is remembered for a session.
        if getattr(message, "method", None) == "notifications/message" and message.params.logger == "consent":
            remembered.append(message.params.data)

    async with ide(binary, state_dir, message_handler=on_message) as (t, h, _):
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        h.command("confirm session")
        first = await t.start("App")
        launch = recorded(h, "confirm")[-1]["args"]
        assert launch["tool"] == "start_debug_session" and launch["subject"] == "App", launch
        assert launch["project"] == CALCULATOR.name and "session_id" not in launch, launch
        with anyio.fail_after(10):
            while not remembered:
                await anyio.sleep(0.05)
        assert [r["session_id"] for r in remembered] == [first["session_id"]], remembered
        assert "remembered" in remembered[0]["message"], remembered
        # Allowed for that session: later actions on it are not asked about again.
        h.command("confirm deny")
        await t.ok("set_variable", name="subtotal", new_value="1.5")
        assert len(recorded(h, "confirm")) == 1, recorded(h, "confirm")
        await t.ok("stop_debug_session", session_id=first["session_id"])

        # Allowed once: the next action on the session is asked about (and denied here).
        h.command("confirm approve")
        second = await t.start("App")
        assert len(remembered) == 1, "an approval once is not remembered"
        h.command("confirm deny")
        await t.err("set_variable", "confirmation_denied", name="subtotal", new_value="2")
        asked = recorded(h, "confirm")[-1]["args"]
        assert asked["session_id"] == second["session_id"] and asked["subject"] == "subtotal = 2", asked
        # An approval for a session covers that session only.
        h.command("confirm session")
        await t.ok("set_variable", name="subtotal", new_value="3")
        h.command("confirm deny")
        await t.ok("set_variable", name="subtotal", new_value="4")
        await t.ok("stop_debug_session", session_id=second["session_id"])

        # Brave mode switched on in the IDE's settings: no dialog at all, at once; and off again.
        asked_so_far = len(recorded(h, "confirm"))
        assert h.command("settings 100 brave") == {"ok": True}
        third = await t.start("App")
        assert len(recorded(h, "confirm")) == asked_so_far, "brave mode must skip the IDE's dialog"
        await t.ok("stop_debug_session", session_id=third["session_id"])
        h.command("settings 100")
        await t.err("start_debug_session", "confirmation_denied", configuration_name="App")


async def test_coding_clients_through_the_bridge(binary, state_dir, tmp_path):
    """clients/list, clients/install (a fake `claude` on the PATH), history/export from the plugin."""
    bin_dir, home = tmp_path / "bin", tmp_path / "home"
    bin_dir.mkdir()
    home.mkdir()
    calls = tmp_path / "claude-calls.txt"
    fake = bin_dir / "claude"
    fake.write_text(f'#!/bin/sh\necho "$@" >> {calls}\n'
                    '[ "$2" = remove ] && { echo "No MCP server named jetbrains-debugger" >&2; exit 1; }\n'
                    'echo "Added HTTP MCP server"\n')
    fake.chmod(0o755)
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "HOME": str(home), "SHELL": ""}
    async with ide(binary, state_dir, env) as (t, h, ready):
        url = ready["mcp_url"]
        clients = h.command("clients")["clients"]
        assert [c["id"] for c in clients] == ["claude-code", "claude-desktop", "cursor", "vscode", "windsurf",
                                              "codex", "gemini"]
        by_id = {c["id"]: c for c in clients}
        # Every entry carries the server's access token; a command only shown does not show it.
        token = access_token(state_dir)
        assert by_id["claude-code"]["install_command"].endswith(
            f"jetbrains-debugger {url} --header 'Authorization: Bearer <token>'")
        assert by_id["cursor"]["install_command"] is None
        vscode = json.loads(by_id["vscode"]["config"]["text"])["servers"]["jetbrains-debugger"]
        assert vscode == {"type": "http", "url": url, "headers": {"Authorization": f"Bearer {token}"}}
        assert by_id["codex"]["config"]["location"] == str(home / ".codex" / "config.toml")
        skill = home / ".claude" / "skills" / "jetbrains-debugger" / "SKILL.md"
        assert by_id["claude-code"]["skill_location"] == str(skill) and by_id["cursor"]["skill_location"] is None

        outcome = h.command("install claude-code")
        assert outcome["ok"] is True and "Added HTTP MCP server" in outcome["output"], outcome
        assert calls.read_text().splitlines() == [
            "mcp remove --scope user jetbrains-debugger",
            f"mcp add --transport http --scope user jetbrains-debugger {url} --header Authorization: Bearer {token}",
        ]
        assert token not in json.dumps(outcome), "the outcome shown in the IDE does not show the token"
        assert not skill.exists(), "no skill unless asked"
        with_skill = h.command("install claude-code skill")
        assert with_skill["ok"] is True and with_skill["message"].endswith(f"skill for Claude Code (CLI) is at {skill}."), with_skill
        assert skill.read_text() == (ROOT / "skills" / "jetbrains-debugger" / "SKILL.md").read_text()
        assert stat.S_IMODE(skill.stat().st_mode) == 0o600 and stat.S_IMODE(skill.parent.stat().st_mode) == 0o700
        no_skills = h.command("install cursor skill")
        assert "only, not for Cursor" in no_skills["error"], no_skills
        missing = h.command("install codex")
        assert missing["ok"] is False and "npm install -g @openai/codex" in missing["message"], missing
        refused = h.command("install cursor")
        assert "no command-line installer" in refused["error"], refused

        await t.ok("list_run_configurations")
        exported = h.command("export csv")["content"]
        assert exported.startswith("timestamp,tool,") and "list_run_configurations" in exported, exported
        assert json.loads(h.command("export json")["content"])[0]["tool"] == "list_run_configurations"
        assert h.command("export markdown")["content"].startswith("# Debug session log\n\nNo debug session")


def upgrade(port: int, headers: dict[str, str]) -> str:
    """A raw WebSocket upgrade request to the bridge; the HTTP status line of the answer."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET /bridge HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
             *[f"{k}: {v}" for k, v in headers.items()], "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall("\r\n".join(lines).encode())
        return s.recv(4096).decode(errors="replace").split("\r\n", 1)[0]


def test_bridge_enforces_its_token(binary, state_dir):
    token = os.urandom(32).hex()
    env = dict(os.environ, JETBRAINS_DEBUGGER_STATE_DIR=str(state_dir),
               JETBRAINS_DEBUGGER_BRIDGE_TOKEN=token)
    proc = subprocess.Popen([binary, "serve", "--ide-managed", "--bridge-port", "0", "--port", "0"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None
        ready = json.loads(proc.stdout.readline())["ready"]
        assert ready["protocol_version"] == 1
        port = ready["bridge_port"]
        assert " 401 " in upgrade(port, {}) + " "
        assert " 401 " in upgrade(port, {"Authorization": "Bearer " + "0" * 64}) + " "
        assert " 403 " in upgrade(port, {"Authorization": f"Bearer {token}",
                                         "Origin": "http://evil.example"}) + " "
        assert " 101 " in upgrade(port, {"Authorization": f"Bearer {token}"}) + " "
        # The token is in the environment only: never in argv, never in the logs.
        assert token not in " ".join(proc.args)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()  # end of stdin = the IDE is gone: the binary must exit by itself
        try:
            code = proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError("serve --ide-managed did not exit when its stdin closed") from None
        stderr = proc.stderr.read() if proc.stderr else ""
        assert token not in stderr
    assert code == 0, stderr


async def test_stdio_finds_the_ide_through_the_discovery_file(binary, state_dir):
    """`stdio` relays to the IDE that has its directory's project open, else runs standalone.
    The IDE's server wants its access token: the relay reads it from the state directory."""
    with harness(binary, state_dir) as h:
        h.next_json()  # connected
        params = StdioServerParameters(command=binary, args=["stdio"], cwd=str(CALCULATOR),
                                       env=dict(os.environ, JETBRAINS_DEBUGGER_STATE_DIR=str(state_dir)))
        log = state_dir.parent / "stdio-proxy.log"
        with open(log, "w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                t = Tools(client, log)
                configs = await t.ok("list_run_configurations")
                assert {c["name"] for c in configs["run_configurations"]} == {"App", "npm build"}
                assert recorded(h, "runConfigurations"), "the call must reach the IDE"
                # Resources are relayed too (their notifications are not: not declared).
                assert not client.server_capabilities.resources.subscribe
                assert {r.uri for r in (await client.list_resources()).resources} == LISTED
                assert (await read(client, SESSION))["state"] == "no_session"
                await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
                await t.start("App")
                assert {r.uri for r in (await client.list_resources()).resources} == LISTED
                assert (await read(client, SESSION))["state"] == "paused"
                await t.ok("stop_debug_session")

        # A directory the IDE does not have open is served by the standalone backend.
        h.command("reset")
        params = StdioServerParameters(command=binary, args=["stdio", "--python", PYTHON], cwd=str(PROGRAMS),
                                       env=dict(os.environ, JETBRAINS_DEBUGGER_STATE_DIR=str(state_dir)))
        with open(log, "a") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                configs = await Tools(client, log).ok("list_run_configurations")
                assert "Output" in {c["name"] for c in configs["run_configurations"]}, configs
        assert not recorded(h, "runConfigurations")
