"""Persistence across server restarts: breakpoints (with their conditions, log messages
and ids) and watches survive, and a corrupt watches file is kept aside while the server
starts and says so. The breakpoints-file twin of the corruption case, two servers on one
state directory and an unwritable state directory are in tests/e2e/trust/test_trust.py."""

from __future__ import annotations

import json
import time

import pytest

from conftest import figure, harness

pytestmark = pytest.mark.anyio

RESTARTS = 3


def state_files(state_dir) -> dict[str, int]:
    """The project state files and their sizes in bytes."""
    return {p.name: p.stat().st_size for p in sorted((state_dir / "projects").glob("*/*.json"))}


def persisted(breakpoints: list[dict]) -> list[dict]:
    """What a user set, without what a run measures (`verified`, `hit_count`)."""
    return [{k: v for k, v in bp.items() if k not in ("verified", "hit_count")} for bp in breakpoints]


async def paused_after_loop(tools: harness.Tools) -> dict:
    started = await tools.start("Nested")
    assert started["execution"]["new_location"]["line"] == harness.line_of("nested.py", "after_loop"), started
    return started


async def test_breakpoints_and_watches_survive_restarts(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="nested.py", line=harness.line_of("nested.py", "after_loop"),
                       condition="discount == 4")
        await tools.ok("set_breakpoint", file_path="nested.py", line=harness.line_of("nested.py", "main_print"),
                       log_message="result is {result}")
        await tools.ok("set_exception_breakpoint", exception_class="KeyError", caught=True, uncaught=True)
        await tools.ok("add_watch", expression="discount * 2")
        await tools.ok("add_watch", expression="len(order.items)")
        before = (await tools.ok("list_breakpoints"))["breakpoints"]
    assert len(before) == 3

    restarts_ms = []
    for _ in range(RESTARTS):
        began = time.monotonic()
        async with harness.connect(binary, state_dir) as tools:
            listed = await tools.ok("list_breakpoints")
            restarts_ms.append(round((time.monotonic() - began) * 1000))
            assert "warnings" not in listed, listed
            assert persisted(listed["breakpoints"]) == persisted(before)
            await paused_after_loop(tools)  # the restored condition holds: discount == 4
            watches = {w["expression"]: w for w in (await tools.status())["watches"]}
            assert set(watches) == {"discount * 2", "len(order.items)"}, watches
            assert json.dumps(watches["discount * 2"]).count('"8"') == 1, watches
            assert json.dumps(watches["len(order.items)"]).count('"3"') == 1, watches
    figure("persistence: restarts with breakpoints and watches intact", RESTARTS)
    figure("persistence: restart to first answer ms", restarts_ms)
    figure("persistence: state file bytes", state_files(state_dir))


async def test_a_corrupt_watches_file_is_kept_aside_and_the_server_says_so(binary, state_dir):
    line = harness.line_of("nested.py", "after_loop")
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="nested.py", line=line)
        await tools.ok("add_watch", expression="discount")
    [watches] = (state_dir / "projects").glob("*/watches.json")
    garbage = b"\x00\xff{not json"
    watches.write_bytes(garbage)

    began = time.monotonic()
    async with harness.connect(binary, state_dir) as tools:
        added = await tools.ok("add_watch", expression="subtotal")
        answered_ms = round((time.monotonic() - began) * 1000)
        [warning] = added["warnings"]
        [kept] = [p for p in watches.parent.iterdir() if p.name.startswith("watches.json.corrupt-")]
        assert str(kept) in warning and kept.read_bytes() == garbage, (warning, kept)
        # The other state file is untouched, and later answers carry the warning too.
        listed = await tools.ok("list_breakpoints")
        assert [bp["line"] for bp in listed["breakpoints"]] == [line]
        assert listed["warnings"] == [warning]
        await paused_after_loop(tools)
        assert [w["expression"] for w in (await tools.status())["watches"]] == ["subtotal"]
    figure("corrupt watches file: kept aside as", kept.name)
    figure("corrupt watches file: server's first answer ms", answered_ms)
