"""The JVM side of the cross-language tests, driven through its line protocol (one command per
line on stdin, one JSON answer per line on stdout: `HarnessLines` in the plugin's test sources):
`CrossLanguageMain` over the recording IDE (test_ide_bridge.py) and `ModelIdeMain`, the whole
plugin over the platform model (test_ide_model.py)."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from conftest import Tools

BUILD = Path(__file__).resolve().parents[2] / "intellij-plugin" / "build" / "kotlin"


class Harness:
    """The JVM side: BridgeRuntime + RecordingIde, driven through stdin/stdout lines."""

    def __init__(self, proc: subprocess.Popen, log: Path) -> None:
        self.proc = proc
        self.log = log
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def next_json(self, seconds: float = 60) -> dict[str, Any] | list[Any]:
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"harness said nothing for {seconds}s:\n{self.log.read_text()[-4000:]}")
            try:
                line = self.lines.get(timeout=min(remaining, 0.5))
            except queue.Empty:
                if self.proc.poll() is not None:
                    raise AssertionError(f"harness exited with {self.proc.returncode}:\n"
                                         f"{self.log.read_text()[-4000:]}") from None
                continue
            line = line.strip()
            if line.startswith("{") or line.startswith("["):
                return json.loads(line)

    def command(self, text: str) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        return self.next_json()

    def calls(self) -> list[dict[str, Any]]:
        return self.command("calls")

    def methods(self) -> list[str]:
        return [c["method"] for c in self.calls()]


class CountingTools(Tools):
    """Tools that remember which tools were called."""

    def __init__(self, client: Client, log: Path) -> None:
        super().__init__(client, log)
        self.called: set[str] = set()

    async def raw(self, name: str, arguments: dict[str, Any] | None = None, /):
        self.called.add(name)
        return await super().raw(name, arguments)


@contextlib.contextmanager
def jvm(main: str, classpath_file: str, args: list[str], state_dir: Path, *, jvm_args: list[str] = (),
        env: dict[str, str] | None = None, name: str = "harness", quit_seconds: float = 15) -> Any:
    """Runs `main` with the classpath `scripts/kotlin` left in build/kotlin/<classpath_file>, in a
    state directory of its own (brave mode not inherited); says `quit` at the end and prints its log."""
    classpath = BUILD / classpath_file
    if not classpath.is_file():
        pytest.fail(f"{classpath} is missing: run scripts/kotlin first (scripts/test does)")
    log = state_dir.parent / f"{name}-{time.monotonic_ns()}.log"
    env = dict(os.environ, JETBRAINS_DEBUGGER_STATE_DIR=str(state_dir), **(env or {}))
    env.pop("JETBRAINS_DEBUGGER_BRAVE", None)
    with open(log, "w") as err:
        proc = subprocess.Popen(
            ["java", *jvm_args, "-cp", classpath.read_text().strip(), main, *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True, env=env,
        )
    h = Harness(proc, log)
    try:
        yield h
    finally:
        with contextlib.suppress(Exception):
            h.command("quit")
        try:
            proc.wait(timeout=quit_seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        print(f"--- {name} log ({log}) ---\n{log.read_text()[-8000:]}")
