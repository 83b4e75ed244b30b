"""A fresh server's first launch skips the adapter's own start: the server starts the
adapter its projects' first launch.json configuration needs as it starts, and checks
that interpreter's debugpy meanwhile (rust/dap/src/lib.rs, `warm_up`), but only with an
interpreter the server chose itself: one a configuration names runs only once a launch
is agreed to. Real server, real debugpy; the processes are told apart by their session
tag."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import anyio
import pytest

from conftest import figure, harness, orphans_after, our_server, session_processes, warm_adapters

pytestmark = pytest.mark.anyio

BOUND = 15  # seconds


async def started_ahead(server_pid: int) -> list:
    with anyio.fail_after(BOUND):
        while not (ahead := warm_adapters(server_pid)):
            await anyio.sleep(0.02)
    return ahead


async def test_a_fresh_servers_first_launch_takes_the_adapter_started_with_the_server(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        server = our_server().pid
        [ahead] = await started_ahead(server)
        assert "debugpy.adapter" in " ".join(ahead.cmdline()), ahead.cmdline()
        # `python -m` puts its working directory first on the module path: a folder no
        # other user can write to.
        assert ahead.cwd() == "/", ahead.cwd()
        await tools.ok("set_breakpoint", file_path="forever.py", line=harness.line_of("forever.py", "forever_body"))
        started = await tools.start("Forever", timeout=BOUND)
        assert started["status"] == "paused", started
        [serving] = [p for p in session_processes(server) if "debugpy.adapter" in " ".join(p.cmdline())]
        figure("first launch of a fresh server: served by the adapter started with it", serving.pid == ahead.pid)
        assert serving.pid == ahead.pid, "the first launch took the adapter started with the server"
        [next_ahead] = await started_ahead(server)
        assert next_ahead.pid != ahead.pid, "the next launch's adapter is started ahead again"
        await tools.ok("stop_debug_session", session_id=started["session_id"])
        assert await orphans_after(server, []) == []


async def test_an_interpreter_named_by_the_project_is_not_run_before_a_launch(binary, state_dir, tmp_path: Path):
    project = tmp_path / "named"
    (project / ".vscode").mkdir(parents=True)
    (project / "main.py").write_text("print('hi')\n")
    ran = tmp_path / "interpreter-ran"
    interpreter = project / "python"
    interpreter.write_text(f"#!/bin/sh\necho \"$@\" >> '{ran}'\nexec {harness.PYTHON} \"$@\"\n")
    interpreter.chmod(interpreter.stat().st_mode | stat.S_IXUSR)
    (project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [{
        "name": "Named", "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/main.py",
        "python": str(interpreter)}]}))
    async with harness.connect(binary, state_dir, projects=(project,)) as tools:
        server = our_server().pid
        await tools.ok("list_debug_sessions")
        # As long as a default interpreter's adapter takes to start ahead (test above).
        await anyio.sleep(3)
        assert not ran.exists(), ran.read_text()
        assert warm_adapters(server) == []
        started = await tools.start("Named", timeout=BOUND)
        assert ran.exists(), "the launch runs the configuration's own interpreter"
        assert started["status"] in ("running", "stopped", "terminated", "exited"), started
    assert os.path.exists(project)
