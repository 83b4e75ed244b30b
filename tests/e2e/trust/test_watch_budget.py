"""A watch whose evaluation ran past its budget is not run again at every status: it is
marked with when and why, and runs again only when the agent adds it again."""

from __future__ import annotations

import json
import shutil
import time

import pytest

from conftest import line_of

PROGRAM = "hostile_target.py"
# Python-level work the guard lets run (it reads nothing of the program's) until the time
# budget stops it.
SLOW = "any(i < 0 for i in range(9999999) for j in range(9999999))"


@pytest.mark.anyio
async def test_a_watch_past_its_budget_is_not_rerun_at_every_status(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "round_end"))
        await t.start("Hostile Loop")
        try:
            began = time.monotonic()
            added = await t.ok("add_watch", expression=SLOW)
            one_run = time.monotonic() - began
            assert "ran longer than" in added["error"], added
            began = time.monotonic()
            for _ in range(3):
                (watch,) = (await t.status())["watches"]
                assert "not re-evaluated" in watch["error"], watch
                assert watch["value"] is None, watch
            # Three statuses that each ran it would take three times as long as one run.
            assert time.monotonic() - began < one_run, (one_run, time.monotonic() - began)
            again = await t.ok("add_watch", expression=SLOW)
            assert again["status"] == "already_exists" and "ran longer than" in again["error"], again
        finally:
            shutil.rmtree(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')), ignore_errors=True)
