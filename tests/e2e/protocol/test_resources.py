"""The debugger's state as MCP resources, through the
official SDK on both protocol generations and both transports, on real debugpy:
listed before and after a session, read as JSON (source files as text), and notified to
subscribers: `resources/subscribe` + unsolicited notifications on 2025-11-25,
`subscriptions/listen` on 2026-07-28."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from urllib.parse import quote

import anyio
import pytest
from mcp.shared.exceptions import MCPError

from mcp import Client

from conftest import MODES, PROGRAMS, TRANSPORTS, Tools, connect, http_client, line_of, serve_http, tidy
from resource_client import (BREAKPOINTS, LIST_CHANGED, LISTED, LOG, MODULES, OUTPUT, SESSION, THREADS, Notices, read,
                             read_error, updated)

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_resources_follow_a_debug_session(binary, state_dir, transport, mode):
    notices = Notices()
    async with connect(binary, state_dir, transport=transport, mode=mode, message_handler=notices.handler) as t:
        client = t.client
        # Listed before any session: a client may list them once, at connect (Claude Code does).
        assert {r.uri for r in (await client.list_resources()).resources} == LISTED
        [template] = (await client.list_resource_templates()).resource_templates
        assert template.uri_template == "debugger://source/{file}"
        assert (await read(client, SESSION))["state"] == "no_session"
        assert (await read(client, BREAKPOINTS))["breakpoints"] == []
        await read_error(client, THREADS, "no_session")

        async with notices.subscribed(client, mode, SESSION, BREAKPOINTS):
            after_loop = line_of("nested.py", "after_loop")
            await t.ok("set_breakpoint", file_path="nested.py", line=after_loop)
            mark = notices.mark()
            started = await t.start("Nested")
            assert started["status"] == "paused"
            await notices.wait(mark, updated(SESSION))

            listed = (await client.list_resources()).resources
            assert {r.uri for r in listed} == LISTED
            assert {r.mime_type for r in listed if r.uri != LOG} == {"application/json"}
            [template] = (await client.list_resource_templates()).resource_templates
            assert template.uri_template == "debugger://source/{file}"

            session = await read(client, SESSION)
            assert session["session_id"] == started["session_id"] and session["state"] == "paused"
            assert session["current_location"]["line"] == after_loop
            assert {v["name"]: v["value"] for v in session["variables"]}["discount"] == "4"
            assert session["process_id"] > 0 and session["run_configuration"] == "Nested"
            [breakpoint] = (await read(client, BREAKPOINTS))["breakpoints"]
            assert breakpoint["line"] == after_loop and breakpoint["hit_count"] == 1
            threads = (await read(client, THREADS))["threads"]
            assert [th["is_current"] for th in threads].count(True) == 1

            mark = notices.mark()
            await t.ok("step_over")
            latency = await notices.wait(mark, updated(SESSION))
            print(f"session updated {latency * 1000:.0f} ms after step_over answered")
            moved = await read(client, SESSION)
            assert moved["current_location"]["line"] == line_of("nested.py", "process_return")

            mark = notices.mark()
            await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "main_print"))
            latency = await notices.wait(mark, updated(BREAKPOINTS))
            print(f"breakpoints updated {latency * 1000:.0f} ms after set_breakpoint answered")
            assert len((await read(client, BREAKPOINTS))["breakpoints"]) == 2
            assert updated(THREADS) not in notices.after((0, 0)), "threads was not subscribed"

            mark = notices.mark()
            await t.ok("stop_debug_session")
            await notices.wait(mark, updated(SESSION))
            assert {r.uri for r in (await client.list_resources()).resources} == LISTED
            assert LIST_CHANGED not in notices.after((0, 0)), "the list never changes"
            assert "has ended" in (await read_error(client, SESSION, "session_ended"))["message"]


async def test_subscriptions_belong_to_their_connection(binary, state_dir):
    """Two legacy clients of one HTTP server: each is told of what it subscribed to only."""
    mine, theirs = Notices(), Notices()
    async with serve_http(binary, state_dir) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(http_client(url), mode="legacy", message_handler=mine.handler) as client, \
                Client(http_client(url), mode="legacy", message_handler=theirs.handler) as other:
            t = Tools(client, log)
            try:
                async with mine.subscribed(client, "legacy", SESSION), theirs.subscribed(other, "legacy", BREAKPOINTS):
                    await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
                    await t.start("Nested")
                    mark = mine.mark()
                    await t.ok("step_over")
                    await mine.wait(mark, updated(SESSION))
                    await theirs.wait((0, 0), updated(BREAKPOINTS))
                    assert updated(SESSION) not in theirs.after((0, 0)), theirs.seen
                    assert updated(BREAKPOINTS) in theirs.after((0, 0))
                    assert updated(BREAKPOINTS) not in mine.after((0, 0)), mine.seen
            finally:
                await tidy(t)


async def test_a_burst_of_steps_is_coalesced_and_ends_with_the_last_state(server):
    notices = Notices()
    async with server(message_handler=notices.handler) as t:
        await t.ok("set_breakpoint", file_path="loop.py", line=line_of("loop.py", "loop_body"))
        await t.start("Loop")
        async with notices.subscribed(t.client, "legacy", SESSION):
            mark = notices.mark()
            steps = 8  # loop.py stops 10 times at its body
            for _ in range(steps):
                await t.ok("resume")
            last = await read(t.client, SESSION)
            await notices.wait(mark, updated(SESSION))
            await anyio.sleep(1)  # let the trailing notification come
            sent = notices.after(mark).count(updated(SESSION))
            print(f"{sent} notifications for {steps} stops (and as many resumes)")
            assert 1 <= sent <= 2 * steps
            assert (await read(t.client, SESSION))["current_location"] == last["current_location"]


def make_project(root: Path, program: str, source: str, configuration: str) -> Path:
    """A project holding one program and a launch configuration for it."""
    (root / Path(program).parent).mkdir(parents=True, exist_ok=True)
    (root / program).write_text(source)
    (root / ".vscode").mkdir()
    (root / ".vscode" / "launch.json").write_text(json.dumps({"version": "0.2.0", "configurations": [{
        "name": configuration, "type": "debugpy", "request": "launch",
        "program": "${workspaceFolder}/" + program, "console": "internalConsole"}]}))
    return root


PRINTER = """\
print("first line", flush=True)
x = 1  # MARK: after_first
print("second line", flush=True)
y = 2  # MARK: after_second
"""


async def test_output_is_read_from_a_cursor(binary, state_dir, tmp_path):
    project = make_project(tmp_path / "printer", "printer.py", PRINTER, "Printer")
    program = project / "printer.py"
    async with connect(binary, state_dir, projects=(project,)) as t:
        for mark in ["after_first", "after_second"]:
            await t.ok("set_breakpoint", file_path="printer.py", line=line_of(program, mark))
        await t.start("Printer")
        first = await read(t.client, OUTPUT)
        assert first["text"].endswith("first line\n") and first["state"] == "paused"
        assert first["next"] == f"{OUTPUT}?since={first['cursor']}"
        assert (await read(t.client, first["next"]))["text"] == ""
        await t.ok("resume")
        second = await read(t.client, first["next"])
        assert second["text"] == "second line\n", second
        assert second["cursor"] == first["cursor"] + len("second line\n")
        whole = await read(t.client, OUTPUT)
        assert whole["text"] == first["text"] + "second line\n"
        beyond = await read(t.client, f"{OUTPUT}?since=999999")
        assert beyond["text"] == "" and beyond["cursor"] == whole["cursor"]


@pytest.fixture
def spaced_project(tmp_path: Path) -> Path:
    """A project whose folder and file names hold spaces and non-ASCII letters."""
    (tmp_path / "secret.txt").write_text("outside the project")
    return make_project(tmp_path / "my project ü", "src dir/naïve file.py",
                        (PROGRAMS / "nested.py").read_text(), "Spaced")


@pytest.mark.parametrize("mode", MODES)
async def test_source_files_through_the_template(binary, state_dir, spaced_project, mode):
    relative = "src dir/naïve file.py"
    async with connect(binary, state_dir, projects=(spaced_project,), mode=mode) as t:
        await read_error(t.client, f"debugger://source/{quote(relative, safe='')}", "no_session")
        await t.ok("set_breakpoint", file_path=relative, line=line_of(spaced_project / relative, "after_loop"))
        await t.start("Spaced")
        text = (spaced_project / relative).read_text()
        assert await read(t.client, f"debugger://source/{quote(relative, safe='')}") == text
        assert await read(t.client, f"debugger://source/{quote(relative)}") == text  # '/' left as is
        absolute = str((spaced_project / relative).resolve())
        assert await read(t.client, f"debugger://source/{quote(absolute, safe='')}") == text
        for outside in ["../secret.txt", str(spaced_project.parent / "secret.txt"), "/etc/passwd"]:
            body = await read_error(t.client, f"debugger://source/{quote(outside, safe='')}",
                                    "path_outside_project")
            assert "outside the project" in body["message"]
        await read_error(t.client, "debugger://source/missing.py", "file_not_found")
        with pytest.raises(MCPError) as caught:
            await t.client.read_resource("debugger://source/%FF.py")
        assert "percent-encoded" in caught.value.message


async def test_several_projects_name_theirs_in_the_uri(binary, state_dir, spaced_project):
    async with connect(binary, state_dir, projects=(PROGRAMS, spaced_project)) as t:
        await t.ok("set_breakpoint", projectPath=str(PROGRAMS), file_path="nested.py",
                   line=line_of("nested.py", "after_loop"))
        await t.start("Nested", projectPath=str(PROGRAMS))
        ours = f"?project={quote(str(PROGRAMS), safe='')}"
        other = f"?project={quote(str(spaced_project), safe='')}"
        listed = {r.uri: r.name for r in (await t.client.list_resources()).resources}
        assert set(listed) == {uri + project for uri in LISTED for project in (ours, other)}, "every open project"
        assert listed[SESSION + ours] == f"session ({PROGRAMS.name})"
        [template] = (await t.client.list_resource_templates()).resource_templates
        assert template.uri_template == "debugger://source/{file}{?project}"
        assert (await read(t.client, SESSION + ours))["state"] == "paused"
        body = await read_error(t.client, SESSION, "multiple_projects_open")
        assert str(spaced_project) in json.dumps(body, ensure_ascii=False)
        assert (await read(t.client, SESSION + other))["state"] == "no_session"
        await read_error(t.client, THREADS + other, "no_session")


async def test_foreign_and_malformed_uris_are_refused(server):
    async with server() as t:
        for uri, words in [("file:///etc/passwd", "not a debugger://"),
                           ("debugger://sessions", "names no debugger resource"),
                           ("debugger://session?token=abc", "query parameter")]:
            with pytest.raises(MCPError) as caught:
                await t.client.read_resource(uri)
            assert words in caught.value.message, caught.value.message
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(MCPError):
                await t.client.subscribe_resource("file:///etc/passwd")


async def test_the_session_log_tells_what_the_agent_did(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        started = await t.start("Nested")
        await t.ok("step_over", include_variables=True)
        assert await t.evaluate("order.total") == "78"
        await t.err("evaluate", "evaluation_failed", expression="no_such_name")
        await t.ok("stop_debug_session")
        # Read after the session ended: a log is most useful then.
        log = await read(t.client, LOG)
        assert log.startswith(f"# Debug session {started['session_id']}\n"), log
        for expected in ["`start_debug_session`(configuration_name=\"Nested\")",
                         f"- paused at nested.py:{line_of('nested.py', 'after_loop')} in process",
                         f"- stepped at nested.py:{line_of('nested.py', 'process_return')} in process",
                         "`discount` = `4`", "`order.total` = `78`", "- **evaluation_failed**",
                         "`stop_debug_session`()"]:
            assert expected in log, f"{expected!r} not in:\n{log}"
        assert "set_breakpoint" not in log, "a call before the session is not the session's"



async def test_loaded_code_of_a_python_program(server):
    """debugger://session/modules on debugpy (lldb-dap and Delve in
    test_native.py): the program's modules as debugpy reports them, capped, at a stop."""
    async with server() as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        await t.start("Nested")
        loaded = (await read(t.client, MODULES))["loaded"]
        modules = {m["name"]: m.get("path") for m in loaded["modules"]}
        assert modules["__main__"] == str(PROGRAMS / "nested.py"), modules
        assert loaded["unsupported"] == ["debugpy does not list loaded sources"], loaded
        await t.ok("stop_debug_session")
        await read_error(t.client, MODULES, "session_ended")
