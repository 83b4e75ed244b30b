"""Fault injection against real debugpy: SIGKILL of the debug adapter while paused and
of the server; a program that exits at once, one that crashes on import, one that forks
children and starts threads; stop_debug_session while a resume waits; the stdio
server's stdin closed while a session is paused. Each asserts an answer (a structured
error or a stopped status) or an exit within a bound, and zero orphans: no process left
carrying the server's session tag (`JETBRAINS_DEBUGGER_SESSION_TAG`, see
rust/dap/src/tree.rs) or descending from the adapter. (SIGKILL of the debuggee is in
test_cycles.py; a setsid grandchild after a server crash is in tests/e2e/trust/test_trust.py.)"""

from __future__ import annotations

import json
import select
import signal
import subprocess
import time

import anyio
import psutil
import pytest

from conftest import alive, figure, harness, orphans_after, our_server, session_processes, tagged_by

pytestmark = pytest.mark.anyio

ANSWER_BOUND = 15  # seconds: every answer, every end noticed


def adapter_of(server_pid: int) -> psutil.Process:
    """The adapter serving the server's one session (not the one started ahead)."""
    [adapter] = [p for p in session_processes(server_pid) if "debugpy.adapter" in " ".join(p.cmdline())]
    return adapter


async def ended_within(tools: harness.Tools, session_id: str, since: float) -> dict:
    """Poll list_debug_sessions until `session_id` has stopped; its entry and how long it took."""
    with anyio.fail_after(ANSWER_BOUND):
        while True:
            listed = await tools.ok("list_debug_sessions")
            entry = {s["id"]: s for s in listed["sessions"]}[session_id]
            if entry["state"] == "stopped":
                return {"entry": entry, "ms": round((time.monotonic() - since) * 1000)}
            await anyio.sleep(0.005)


async def test_sigkill_of_the_adapter_while_paused(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="forever.py", line=harness.line_of("forever.py", "forever_body"))
        started = await tools.start("Forever", timeout=ANSWER_BOUND)
        assert started["status"] == "paused", started
        server = our_server().pid
        adapter = adapter_of(server)
        tree = adapter.children(recursive=True)
        assert tree, "the adapter has the launcher and the debuggee under it"
        adapter.send_signal(signal.SIGKILL)
        killed_at = time.monotonic()
        ended = await ended_within(tools, started["session_id"], killed_at)
        with anyio.fail_after(ANSWER_BOUND):
            answer = await tools.raw("get_variables", {"session_id": started["session_id"]})
        assert answer.is_error and json.loads(harness.text_of(answer))["error"], answer
        orphans = await orphans_after(server, [adapter, *tree])
        figure("SIGKILL of the adapter (paused): end reported after ms", ended["ms"])
        figure("SIGKILL of the adapter (paused): processes in its tree / orphans", f"{len(tree) + 1}/{len(orphans)}")
        assert orphans == []
        # The server goes on: the next session works.
        again = await tools.start("Forever", timeout=ANSWER_BOUND)
        assert again["status"] == "paused", again
        await tools.ok("stop_debug_session", session_id=again["session_id"])
        assert await orphans_after(server, []) == []


async def test_sigkill_of_the_server_then_a_clean_start(binary, state_dir):
    async with harness.connect(binary, state_dir, cleanup=False) as tools:
        await tools.ok("set_breakpoint", file_path="forever.py", line=harness.line_of("forever.py", "forever_body"))
        started = await tools.start("Forever", timeout=ANSWER_BOUND)
        assert started["status"] == "paused", started
        server = our_server()
        tree = tagged_by(server.pid)
        server.send_signal(signal.SIGKILL)
        server.wait(ANSWER_BOUND)
    # Without its server the adapter dies at once (it is tied to the server's thread);
    # the debuggee may outlive it until the next server starts.
    await anyio.sleep(0.5)
    before_next = alive(tree)
    began = time.monotonic()
    async with harness.connect(binary, state_dir) as tools:
        with anyio.fail_after(ANSWER_BOUND):
            listed = await tools.ok("list_debug_sessions")
        first_answer_ms = round((time.monotonic() - began) * 1000)
        assert listed["sessions"] == [], "a new server starts clean"
        assert [bp["line"] for bp in (await tools.ok("list_breakpoints"))["breakpoints"]] == [
            harness.line_of("forever.py", "forever_body")]
        orphans = await orphans_after(server.pid, tree)
        again = await tools.start("Forever", timeout=ANSWER_BOUND)
        assert again["status"] == "paused", again
    figure("SIGKILL of the server: its processes / alive before the next start / after it",
           f"{len(tree)}/{len(before_next)}/{len(orphans)}")
    figure("SIGKILL of the server: next server's first answer ms", first_answer_ms)
    assert orphans == []


def exit_code_of(answer: dict):
    """The exit code an answer reports (start_debug_session nests it in `execution`)."""
    return answer.get("exit_code", answer.get("execution", {}).get("exit_code"))


async def test_a_program_that_exits_at_once(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        server = our_server().pid
        began = time.monotonic()
        with anyio.fail_after(ANSWER_BOUND):
            started = await tools.start("Exits At Once", timeout=ANSWER_BOUND)
        took = round((time.monotonic() - began) * 1000)
        if started["status"] != "stopped":
            started = await tools.wait_until_ended(started["session_id"], ANSWER_BOUND)
            assert started["state"] == "stopped", started
        assert exit_code_of(started) == 3, started
        orphans = await orphans_after(server, [])
        figure("program that exits at once: start answered after ms / exit code / orphans",
               f"{took}/{exit_code_of(started)}/{len(orphans)}")
        assert orphans == []


async def test_a_program_that_crashes_on_import(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        server = our_server().pid
        began = time.monotonic()
        with anyio.fail_after(ANSWER_BOUND):
            started = await tools.start("Import Crash", timeout=ANSWER_BOUND)
        took = round((time.monotonic() - began) * 1000)
        if started["status"] == "paused":  # stopped on the uncaught exception
            assert "ModuleNotFoundError" in json.dumps(started), started
            with anyio.fail_after(ANSWER_BOUND):
                started = await tools.ok("resume", timeout=ANSWER_BOUND)
        assert started["status"] == "stopped", started
        assert exit_code_of(started) == 1, started
        orphans = await orphans_after(server, [])
        figure("program that crashes on import: answered after ms / exit code / orphans",
               f"{took}/{exit_code_of(started)}/{len(orphans)}")
        assert orphans == []


def forked_children() -> list[psutil.Process]:
    """The sleeping children forks.py forked (same command line as their parent)."""
    found = []
    for proc in psutil.process_iter(["cmdline", "status"]):
        try:
            cmdline = proc.info["cmdline"] or []
            if proc.info["status"] != psutil.STATUS_ZOMBIE and any(a.endswith("forks.py") for a in cmdline):
                found.append(proc)
        except psutil.Error:
            continue
    return found


async def test_a_program_that_forks_children_and_starts_threads(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="forks.py", line=harness.line_of("forks.py", "forks_ready"))
        with anyio.fail_after(ANSWER_BOUND * 2):
            started = await tools.start("Forks", timeout=ANSWER_BOUND * 2)
        assert started["status"] == "paused", started
        server = our_server().pid
        assert await tools.evaluate("len(children)") == "2"
        threads = int(await tools.evaluate("threading.active_count()", allow_side_effects=True))
        tree = tagged_by(server)
        programs = forked_children()
        assert len(programs) >= 3, "the debuggee and its two children run"
        began = time.monotonic()
        with anyio.fail_after(ANSWER_BOUND):
            stopped = await tools.ok("stop_debug_session", session_id=started["session_id"])
        took = round((time.monotonic() - began) * 1000)
        assert stopped["status"] == "stopped", stopped
        orphans = await orphans_after(server, tree + programs)
        figure("forks and threads: tagged processes / threads / stop ms / orphans",
               f"{len(tree)}/{threads}/{took}/{len(orphans)}")
        assert orphans == []


async def test_stop_during_a_pending_resume(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="forever.py", line=harness.line_of("forever.py", "forever_body"))
        started = await tools.start("Forever", timeout=ANSWER_BOUND)
        assert started["status"] == "paused", started
        await tools.ok("remove_breakpoint", file_path="forever.py")  # the resume never stops again
        server = our_server().pid
        tree = tagged_by(server)
        answers: dict[str, object] = {}

        async def resume() -> None:
            answers["resume"] = await tools.raw("resume", {"timeout": 600})
            answers["resume_ms"] = round((time.monotonic() - stop_sent) * 1000)

        stop_sent = time.monotonic() + 1
        with anyio.fail_after(ANSWER_BOUND):
            async with anyio.create_task_group() as group:
                group.start_soon(resume)
                await anyio.sleep(1)  # the resume is in flight, waiting for a stop
                stop_sent = time.monotonic()
                stopped = await tools.ok("stop_debug_session", session_id=started["session_id"])
                stop_ms = round((time.monotonic() - stop_sent) * 1000)
        assert stopped["status"] == "stopped", stopped
        text = harness.text_of(answers["resume"])
        if answers["resume"].is_error:
            assert json.loads(text)["error"], text
        else:
            assert answers["resume"].structured_content["status"] == "stopped", text
        orphans = await orphans_after(server, tree)
        figure("stop during a pending resume(timeout 600): stop ms / resume answered ms / orphans",
               f"{stop_ms}/{answers['resume_ms']}/{len(orphans)}")
        assert orphans == []



def answer_to(server: subprocess.Popen, id_: int, seconds: float = ANSWER_BOUND) -> dict:
    """Read the stdio server's lines until the answer to request `id_` (within `seconds`)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([server.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        line = server.stdout.readline()
        assert line, "the server closed its stdout"
        message = json.loads(line)
        if message.get("id") == id_:
            return message
    raise AssertionError(f"no answer to request {id_} within {seconds} s")


async def test_stdin_closed_while_paused_ends_the_server_and_its_sessions(binary, state_dir):
    server = subprocess.Popen([binary, "stdio", *harness.server_args((harness.PROGRAMS,), True, ())],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              env=harness.server_env(state_dir), text=True)
    try:
        def send(message: dict) -> None:
            server.stdin.write(json.dumps(message) + "\n")
            server.stdin.flush()

        def call(id_: int, tool: str, arguments: dict) -> dict:
            send({"jsonrpc": "2.0", "id": id_, "method": "tools/call",
                  "params": {"name": tool, "arguments": arguments}})
            return answer_to(server, id_)["result"]

        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                         "clientInfo": {"name": "reliability", "version": "0"}}})
        answer_to(server, 1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        call(2, "set_breakpoint", {"file_path": "forever.py", "line": harness.line_of("forever.py", "forever_body")})
        started = call(3, "start_debug_session", {"configuration_name": "Forever"})
        assert started["structuredContent"]["status"] == "paused", started
        tree = tagged_by(server.pid)
        assert tree, "the session's processes carry the server's tag"
        server.stdin.close()
        closed_at = time.monotonic()
        server.wait(ANSWER_BOUND)
        exit_ms = round((time.monotonic() - closed_at) * 1000)
        orphans = await orphans_after(server.pid, tree)
        figure("stdin closed while paused: server exit ms / code / its processes / orphans",
               f"{exit_ms}/{server.returncode}/{len(tree)}/{len(orphans)}")
        assert orphans == []
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
