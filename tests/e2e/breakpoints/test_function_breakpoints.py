"""Function breakpoints: `set_breakpoint` with `function` instead of
`file_path`/`line`, sent with `setFunctionBreakpoints` (the project's full list), on
lldb-dap (C and Rust), Delve (Go) and debugpy (Python), through the official MCP client.
Each stops on entry to the function it names, is attributed in `breakpoints_hit`, is
listed as `type: method` with its `function`, persists across a server restart, takes a
condition, and once removed (also while a session runs) stops nothing. An adapter whose
`initialize` answer lacks `supportsFunctionBreakpoints` (a stand-in speaking DAP) is
never sent the list: the breakpoints stay the project's, reported unverified."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from conftest import connect
from helpers.native import cart, mark  # noqa: F401  (the built cart project of each language)

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


# A DAP adapter that answers `initialize` without `supportsFunctionBreakpoints`, logs every
# request it gets, and otherwise keeps a program "running" until it is disconnected.
ADAPTER_WITHOUT_FUNCTION_BREAKPOINTS = r"""
import json, os, sys

log = open(os.environ["FAKE_DAP_LOG"], "a")
seq = 0

def send(message):
    global seq
    seq += 1
    body = json.dumps({"seq": seq, **message}).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sys.stdout.buffer.flush()

while True:
    length = None
    while (line := sys.stdin.buffer.readline().strip()):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    if length is None:
        break
    request = json.loads(sys.stdin.buffer.read(length))
    command = request.get("command")
    log.write(command + "\n")
    log.flush()
    body = {}
    if command == "initialize":
        body = {"supportsConfigurationDoneRequest": True}
    elif command == "setBreakpoints":
        body = {"breakpoints": [{"verified": True} for _ in request["arguments"]["breakpoints"]]}
    elif command == "threads":
        body = {"threads": [{"id": 1, "name": "main"}]}
    send({"type": "response", "request_seq": request["seq"], "command": command,
          "success": command != "setFunctionBreakpoints", "body": body})
    if command == "initialize":
        send({"type": "event", "event": "initialized"})
    if command == "disconnect":
        send({"type": "event", "event": "terminated"})
        break
"""


async def test_an_adapter_without_the_capability_is_never_sent_them(binary, state_dir, tmp_path: Path):
    tools = tmp_path / "bin"
    tools.mkdir()
    adapter = tools / "lldb-dap"
    adapter.write_text(f"#!{sys.executable}\n{ADAPTER_WITHOUT_FUNCTION_BREAKPOINTS}")
    adapter.chmod(0o755)
    project = tmp_path / "project"
    (project / ".vscode").mkdir(parents=True)
    (project / "app").write_text("")
    (project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [
        {"name": "App", "type": "lldb-dap", "request": "launch", "program": "${workspaceFolder}/app"}]}))
    requests = tmp_path / "requests.log"
    env = {"PATH": f"{tools}{os.pathsep}{os.environ['PATH']}", "FAKE_DAP_LOG": str(requests)}
    async with connect(binary, state_dir, projects=(project.resolve(),), env=env) as t:
        before = await t.ok("set_breakpoint", function="subtotal")
        started = await t.start("App", wait_for_pause=False)
        assert started["status"] != "stopped", started
        listed = only(await t.ok("list_breakpoints"))
        assert listed["verified"] is False and "supportsFunctionBreakpoints" in listed["message"], listed

        # Set while such a session runs: kept in the project, the answer says why it cannot stop.
        during = await t.ok("set_breakpoint", function="total")
        assert during["status"] == "set" and during["verified"] is False, during
        assert "supportsFunctionBreakpoints" in during["message"], during
        assert len((await t.ok("list_breakpoints", type="method"))["breakpoints"]) == 2
        await t.ok("remove_breakpoint", breakpoint_id=before["breakpoint_id"])
        await t.ok("stop_debug_session")
    sent = requests.read_text().split()
    assert "configurationDone" in sent and "setFunctionBreakpoints" not in sent, sent
