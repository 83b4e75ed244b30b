"""The command history as its export (`history.json` in the state directory) tells it: the
entries once complete, a finished call, a cancelled one."""

from __future__ import annotations

import datetime
import json
import time
from pathlib import Path
from typing import Any

import anyio

# A cancelled wait must end far sooner than this (the calls' timeout is 60 s).
CANCEL_BOUND = 2.0


async def finished_entry(state_dir: Path, tool: str, seconds: float = 10) -> dict[str, Any]:
    """The newest history entry of `tool` once it has finished (history.json)."""
    deadline = time.monotonic() + seconds
    entries = []
    while True:
        path = state_dir / "history.json"
        if path.exists():
            entries = [e for e in json.loads(path.read_text()) if e["tool"] == tool]
            if entries and entries[0]["status"] != "PENDING":
                return entries[0]
        assert time.monotonic() < deadline, f"no finished {tool} in the history: {entries}"
        await anyio.sleep(0.05)


async def check_cancelled(state_dir: Path, tool: str, cancelled_at: float) -> float:
    """The call is recorded as cancelled; returns how long after the cancel it ended."""
    entry = await finished_entry(state_dir, tool)
    assert entry["status"] == "ERROR" and entry["error"]["error"] == "cancelled", entry
    assert "left as it is" in entry["error"]["message"], entry
    began = datetime.datetime.fromisoformat(entry["timestamp"].replace("Z", "+00:00")).timestamp()
    ended_after = began + entry["duration_ms"] / 1000 - cancelled_at
    print(f"{tool}: ended {ended_after * 1000:.0f} ms after the cancel")
    assert ended_after < CANCEL_BOUND, ended_after
    return ended_after


async def exported_history(state_dir: Path, complete, seconds: float = 10) -> list[dict]:
    """The history export in the state directory (written shortly after each call), oldest first,
    once `complete(entries)` holds."""
    deadline = time.monotonic() + seconds
    while True:
        path = state_dir / "history.json"
        entries = json.loads(path.read_text()) if path.is_file() else []
        entries = sorted(entries, key=lambda e: e["id"])
        if complete(entries):
            return entries
        assert time.monotonic() < deadline, f"history export incomplete: {entries}"
        await anyio.sleep(0.1)
