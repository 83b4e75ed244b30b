"""Attaching to a program started outside, standalone, with the official
MCP client: debugpy (`connect` to `python -m debugpy --listen`), lldb-dap (`pid`) and Delve
(`processId`). Each attaches through a launch.json `request: attach` entry, stops at a
breakpoint in the running loop, reads a value, and detaches with stop_debug_session: the
program goes on running. A configuration naming no process is listed with the reason, and
run_configuration of an attach entry is refused."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import psutil
import pytest

from conftest import PROGRAMS, connect, free_port

pytestmark = pytest.mark.anyio

NATIVE = Path(__file__).resolve().parents[1] / "native" / "attach"


def mark(path: Path, name: str) -> int:
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if f"MARK: {name}" in text)


@dataclass(frozen=True)
class Target:
    """How to start the program outside and the attach entry that reaches it."""
    source: str                                  # the file holding the loop
    line_mark: str                               # its `MARK:` in the loop
    counter: str                                 # the loop's counter, read at the stop
    start: Callable[[Path], tuple[list[str], dict]]  # the command and the attach entry's fields


def python_target(project: Path) -> tuple[list[str], dict]:
    shutil.copy(PROGRAMS / "forever.py", project / "forever.py")
    port = free_port()
    command = [sys.executable, "-m", "debugpy", "--listen", f"127.0.0.1:{port}", "forever.py"]
    return command, {"type": "debugpy", "connect": {"host": "127.0.0.1", "port": port}}


def c_target(project: Path) -> tuple[list[str], dict]:
    shutil.copy(NATIVE / "ticker.c", project / "ticker.c")
    subprocess.run(["gcc", "-g", "-O0", "-o", "ticker", "ticker.c"], cwd=project, check=True, timeout=60)
    return [str(project / "ticker")], {"type": "lldb-dap", "pid": "{pid}"}


def go_target(project: Path) -> tuple[list[str], dict]:
    for name in ("go.mod", "main.go"):
        shutil.copy(NATIVE / "goticker" / name, project / name)
    subprocess.run(["go", "build", "-gcflags=all=-N -l", "-o", "ticker", "."], cwd=project, check=True,
                   timeout=180)
    return [str(project / "ticker")], {"type": "go", "processId": "{pid}"}


TARGETS = {
    "debugpy": Target("forever.py", "forever_body", "counter", python_target),
    "lldb-dap": Target("ticker.c", "tick", "ticks", c_target),
    "delve": Target("main.go", "tick", "ticks", go_target),
}


def listening(port: int, program: subprocess.Popen, log: Path, seconds: float = 20) -> None:
    """Wait until something listens on `port`: debugpy --listen opens it once the interpreter is up,
    a second or more on a loaded machine. Read from the socket table, not by connecting: debugpy
    takes a first connection as its client and listens no more when it goes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert program.poll() is None, f"the program exited with {program.returncode}:\n{log.read_text()}"
        if any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
               for c in psutil.net_connections("tcp")):
            return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port} after {seconds} s:\n{log.read_text()}")


@pytest.fixture(params=list(TARGETS))
def running(request, tmp_path: Path) -> Iterator[tuple[Target, Path, psutil.Process]]:
    """The program started outside the server, and a project whose launch.json attaches."""
    target = TARGETS[request.param]
    project = (tmp_path / "attach").resolve()
    project.mkdir()
    command, entry = target.start(project)
    log = tmp_path / "program.log"
    with log.open("w") as output:
        program = subprocess.Popen(command, cwd=project, stdout=output, stderr=subprocess.STDOUT)
    try:
        fields = json.loads(json.dumps(entry).replace('"{pid}"', str(program.pid)))
        configurations = [{"name": "Attach", "request": "attach", **fields},
                          {"name": "Nobody", "request": "attach", "type": fields["type"]}]
        (project / ".vscode").mkdir()
        (project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": configurations}))
        if "connect" in fields:
            listening(fields["connect"]["port"], program, log)
        time.sleep(0.5)  # the loop has gone round
        yield target, project, psutil.Process(program.pid)
    finally:
        # debugpy --listen runs its adapter as a child, which outlives a killed program.
        with contextlib.suppress(psutil.NoSuchProcess):
            for child in psutil.Process(program.pid).children(recursive=True):
                child.kill()
        program.kill()
        program.wait(timeout=10)


async def test_attach_stop_read_and_detach_leaving_it_running(binary, state_dir, running):
    target, project, program = running
    line = mark(project / target.source, target.line_mark)
    async with connect(binary, state_dir, projects=(project,)) as t:
        configs = {c["name"]: c for c in (await t.ok("list_run_configurations"))["run_configurations"]}
        assert configs["Attach"]["can_debug"] is True, configs
        assert configs["Nobody"]["can_debug"] is False and "attach" in configs["Nobody"]["unavailable_reason"]
        await t.err("run_configuration", "cannot_run", configuration_name="Attach")

        await t.ok("set_breakpoint", file_path=target.source, line=line)
        started = await t.start("Attach", timeout=60)
        execution = started["execution"]
        assert started["status"] == "paused" and execution["paused_reason"] == "breakpoint", started
        assert execution["new_location"]["line"] == line, execution
        first = int((await t.ok("evaluate", expression=target.counter))["result"]["value"])
        assert first >= 1
        resumed = await t.ok("resume")
        assert resumed["new_location"]["line"] == line, resumed
        assert int((await t.ok("evaluate", expression=target.counter))["result"]["value"]) == first + 1

        await t.ok("remove_breakpoint", owner="agent")
        stopped = await t.ok("stop_debug_session")
        assert stopped["status"] == "detached" and "goes on running" in stopped["message"], stopped
        assert (await t.ok("list_debug_sessions"))["sessions"][0]["state"] == "stopped"
    time.sleep(0.5)
    assert program.is_running() and program.status() != psutil.STATUS_ZOMBIE, "the program was left running"
    assert program.status() != psutil.STATUS_STOPPED, "not left stopped under a debugger"
