"""Caps that hold at scale, against the real binary and real debugpy: 10,000 breakpoints
(set, listed, started with, removed), SIGTERM in the middle of a mass removal, 100 big
watches, oversized launch overrides, live sessions piling up, and HTTP sessions never
closed. Each test prints its figures (before the assertions, so a failing run still tells
them)."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import anyio
import psutil
import pytest

from conftest import RawHttp, figure, harness, server_process

pytestmark = pytest.mark.anyio

HELD = 10_000
SET_MORE = 100


FILES, PER_FILE = 100, 100  # the held breakpoints: 100 modules of 100 statement lines


@pytest.fixture
def big_project(tmp_path: Path) -> Path:
    """A project whose `main.py` has statement lines 2..201 and one configuration, and 100
    modules `mods/mNN.py` of 100 statement lines each (debugpy checks each breakpoint against
    its file, so 10,000 in one 10,000-line file would measure debugpy, not this server)."""
    project = tmp_path / "big"
    (project / ".vscode").mkdir(parents=True)
    (project / "mods").mkdir()
    (project / "main.py").write_text("\n".join(["n = 0"] + ["n += 1"] * 200 + ["print(n)"]) + "\n")
    for m in range(FILES):
        (project / "mods" / f"m{m:02}.py").write_text("x = 1\n" * PER_FILE)
    (project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [{
        "name": "Big", "type": "debugpy", "request": "launch",
        "program": "${workspaceFolder}/main.py", "console": "internalConsole"}]}))
    return project.resolve()


def project_state(state_dir: Path, what: str) -> Path:
    found = list((state_dir / "projects").glob(f"big-*/{what}.json"))
    assert len(found) == 1, found
    return found[0]


async def hold_breakpoints(tools: harness.Tools, state_dir: Path, project: Path, count: int) -> None:
    """The project holds `count` agent breakpoints: one set through the tool on main.py's line 2
    (so the state files exist), the rest written into those files across the modules, as
    another server sharing the state directory would have left them (setting them one by one
    through MCP would measure the Python client, not the server)."""
    await tools.ok("set_breakpoint", file_path="main.py", line=2)
    store, owners = project_state(state_dir, "breakpoints"), project_state(state_dir, "agent-breakpoints")
    stored, owned = json.loads(store.read_text()), json.loads(owners.read_text())
    template = stored["breakpoints"][0]
    for n in range(1, count):
        file, line = project / "mods" / f"m{(n - 1) // PER_FILE:02}.py", (n - 1) % PER_FILE + 1
        bp = dict(template, id=f"bp-{1_000_000 + n}", kind=dict(template["kind"], file=str(file), line=line))
        stored["breakpoints"].append(bp)
        owned["breakpoints"].append({"id": bp["id"], "place": f"line:{file}:{line}"})
    store.write_text(json.dumps(stored))
    owners.write_text(json.dumps(owned))


async def test_ten_thousand_breakpoints_set_listed_started_and_removed(binary, state_dir, big_project):
    held = HELD - SET_MORE
    async with harness.connect(binary, state_dir, projects=(big_project,)) as tools:
        await hold_breakpoints(tools, state_dir, big_project, held)
        snapshot = project_state(state_dir, "breakpoints")
        await tools.ok("list_breakpoints")  # read once: what follows only adds
        before = snapshot.stat()
        began = time.monotonic()
        for line in range(3, 3 + SET_MORE):
            with anyio.fail_after(60):
                set_ = await tools.ok("set_breakpoint", file_path="main.py", line=line)
            assert set_["status"] == "set", set_
        set_ms = (time.monotonic() - began) * 1000 / SET_MORE
        after = snapshot.stat()
        journal = snapshot.with_suffix(".journal").read_text().splitlines()
        figure("10k breakpoints: set_breakpoint mean ms (the last 100)", round(set_ms, 1))
        figure("10k breakpoints: bytes written per set (journal) / held (snapshot)",
               f"{round(sum(len(line) + 1 for line in journal) / SET_MORE)}/{after.st_size}")
        # Each set wrote what it touched: a journal line, not the 10,000 held.
        assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
        assert len(journal) == SET_MORE, len(journal)

        began = time.monotonic()
        listed = await tools.ok("list_breakpoints")
        list_ms = (time.monotonic() - began) * 1000
        list_bytes = len(json.dumps(listed))
        figure("10k breakpoints: list_breakpoints ms / answer bytes / shown of total",
               f"{round(list_ms)}/{list_bytes}/{len(listed['breakpoints'])} of {listed['total_count']}")
        one_file = await tools.ok("list_breakpoints", file_path="mods/m07.py")

        began = time.monotonic()
        with anyio.move_on_after(120):
            started = await tools.raw("start_debug_session", {"configuration_name": "Big", "timeout": 60})
        start_s = time.monotonic() - began
        start_body = started.structured_content if not started.is_error else json.loads(harness.text_of(started))
        figure("10k breakpoints: start_debug_session to the first stop s / answer",
               f"{round(start_s, 1)}/{start_body.get('status') or start_body.get('error')}")
        await tools.stop_all()

        began, removed = time.monotonic(), None
        with anyio.move_on_after(120):
            removed = await tools.ok("remove_breakpoint", owner="agent")
        remove_s = time.monotonic() - began
        figure("10k breakpoints: remove_breakpoint owner=agent s / per second",
               f"{round(remove_s, 2)}/{round(HELD / remove_s) if removed else 'unfinished after 120 s'}")

        assert set_ms < 2000, "setting one takes well under seconds"
        assert listed["total_count"] == HELD
        assert list_bytes < 64 * 1024 and list_ms < 2000, "the list is capped"
        assert listed["omitted"] == HELD - len(listed["breakpoints"]) > 0
        assert one_file["total_count"] == PER_FILE, one_file["total_count"]
        assert not started.is_error, start_body
        assert start_body["execution"]["new_location"]["line"] == 2 and start_s < 20, start_body
        assert removed is not None and removed["removed_count"] == HELD and remove_s < 10
        assert len(json.dumps(removed)) < 64 * 1024, "the removal's answer is capped too"
        assert (await tools.ok("list_breakpoints"))["total_count"] == 0


async def test_sigterm_stops_the_server_in_the_middle_of_a_mass_removal(binary, state_dir, big_project):
    async with harness.serve_http(binary, state_dir, projects=(big_project,)) as (port, log):
        from mcp import Client
        server = server_process(port)
        async with Client(harness.http_client(f"http://127.0.0.1:{port}/mcp"), mode="legacy") as client:
            tools = harness.Tools(client, log)
            await hold_breakpoints(tools, state_dir, big_project, HELD)
            async with anyio.create_task_group() as group:
                async def remove_all() -> None:
                    try:
                        await tools.raw("remove_breakpoint", {"owner": "agent"})
                    except Exception:  # the server goes away under the call
                        pass
                group.start_soon(remove_all)
                await anyio.sleep(0.3)
                began = time.monotonic()
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(timeout=10)
                except psutil.TimeoutExpired:
                    pass
                took = time.monotonic() - began
                group.cancel_scope.cancel()
        figure("SIGTERM during a 10k removal: server gone after s", round(took, 2))
        assert not server.is_running() or server.status() == psutil.STATUS_ZOMBIE, "the server still runs"
        # The 1.2 s exit deadline is armed by a thread of its own, not by the runtime
        # thread the removal keeps busy (docs/behaviour.md).
        assert took < 2


WATCHES, WATCH_BYTES = 100, 60_000


async def test_a_hundred_big_watches_are_capped(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="loop.py", line=harness.line_of("loop.py", "loop_body"))
        for n in range(WATCHES):
            await tools.ok("add_watch", expression=f"'{n:03}' + 'w' * {WATCH_BYTES}")
        await tools.start("Loop")
        began = time.monotonic()
        with anyio.fail_after(120):
            status = await tools.status()
        took = time.monotonic() - began
        size = len(json.dumps(status))
        shown = [w for w in status["watches"] if w.get("value") is not None]
        figure("100 watches of 60 KB: status s / answer bytes / values shown",
               f"{round(took, 1)}/{size}/{len(shown)}")
        assert size < 128 * 1024, size
        assert all(len(w["value"]) <= 1001 for w in shown)
        assert status["watches_omitted"] == WATCHES - len(status["watches"]) > 0
        assert took < 10


async def test_string_parameters_are_capped_before_anything_runs(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        cases = {
            "env name 1 MiB": {"env": {"N" * (1 << 20): "1"}},
            "env value 1 MiB": {"env": {"BIG": "v" * (1 << 20)}},
            "env 100 x 60 KiB": {"env": {f"V{i}": "v" * 60_000 for i in range(100)}},
            "args 100 x 60 KiB": {"args": ["a" * 60_000] * 100},
        }
        answers, timings = {}, {}
        for name, overrides in cases.items():
            began = time.monotonic()
            with anyio.fail_after(30):
                result = await tools.raw("start_debug_session",
                                         {"configuration_name": "Short", "overrides": overrides})
            timings[name] = round((time.monotonic() - began) * 1000)
            body = json.loads(harness.text_of(result)) if result.is_error else {"error": None}
            answers[name] = (body["error"], body.get("message", "")[:160])
            await tools.stop_all()
        figure("oversized overrides: answer ms", timings)
        figure("oversized overrides: answers", {k: v[0] for k, v in answers.items()})
        for name, (code, message) in answers.items():
            assert code == "invalid_params" and "overrides" in message, (name, code, message)
        assert all(ms < 2000 for ms in timings.values()), timings


async def test_live_sessions_are_capped_per_project(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="loop.py", line=harness.line_of("loop.py", "loop_body"))
        started, refused = [], None
        for _ in range(20):
            result = await tools.raw("start_debug_session", {"configuration_name": "Loop"})
            if result.is_error:
                refused = json.loads(harness.text_of(result))
                break
            started.append(result.structured_content["session_id"])
        figure("live sessions started before the cap", len(started))
        assert refused is not None, f"{len(started)} live sessions, no cap"
        assert refused["error"] == "invalid_params", refused
        assert "restart" in refused["message"] and started[-1] in refused["message"], refused
        restarted = await tools.start("Loop", restart=True)
        assert restarted["restarted"] in started


IDLE_SESSIONS = 1000


async def test_idle_http_sessions_are_bounded_in_number(binary, state_dir):
    async with harness.serve_http(binary, state_dir) as (port, _log):
        raw = RawHttp(port)
        server = server_process(port)
        for _ in range(50):
            raw.delete(raw.open_session())
        before = server.memory_info().rss
        opened = [raw.open_session() for _ in range(IDLE_SESSIONS // 2)]
        await anyio.sleep(1)
        halfway = server.memory_info().rss
        opened += [raw.open_session() for _ in range(IDLE_SESSIONS // 2)]
        await anyio.sleep(1)
        after = server.memory_info().rss
        growth_mb = (after - before) / 1024 / 1024
        second_half_mb = (after - halfway) / 1024 / 1024
        # The newest still answer; the oldest were closed to make room.
        newest = raw.call(opened[-1], "list_debug_sessions", {})
        status, _, _ = raw.request("POST", {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, opened[0])
        figure(
            "1,000 idle HTTP sessions: RSS growth MB (of it the second 500) / oldest answers HTTP",
            f"{round(growth_mb, 1)} ({round(second_half_mb, 1)})/{status}",
        )
        assert "result" in newest, newest
        assert status == 404, "the oldest idle session was closed"
        # Bounded in number: once the cap is reached, more sessions cost no more memory. Kept
        # unbounded, 1,000 idle sessions took 62 MB, so 31 MB for a second 500.
        assert second_half_mb < 8, f"the second 500 sessions took {second_half_mb:.1f} MB"
        assert growth_mb < 32
