"""The JVM side of the cross-language tests, driven through its line protocol (one command per
line on stdin, one JSON answer per line on stdout: `HarnessLines` in the plugin's test sources):
`CrossLanguageMain` over the recording IDE (test_ide_bridge.py) and `ModelIdeMain`, the whole
plugin over the platform model (test_ide_model.py)."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from mcp import Client

from conftest import Tools


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
