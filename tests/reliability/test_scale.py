"""Scale against real debugpy: 100+ breakpoints set and listed (answer size printed), a
1,000-element list read in full through expand_variable's pages and a slice, and 5 debug sessions
stepping and reading variables at once."""

from __future__ import annotations

import json
import time

import anyio
import pytest

from conftest import figure, harness

pytestmark = pytest.mark.anyio

BREAKPOINTS = 120
SESSIONS = 5
STEPS = 5


def statement_lines() -> list[int]:
    """The lines of scale.py's `step += 1` statements."""
    lines = (harness.PROGRAMS / "scale.py").read_text().splitlines()
    return [n for n, text in enumerate(lines, start=1) if text.startswith("step += 1")]


async def test_a_hundred_and_twenty_breakpoints_set_and_listed(binary, state_dir):
    lines = statement_lines()
    assert len(lines) >= BREAKPOINTS
    async with harness.connect(binary, state_dir) as tools:
        began = time.monotonic()
        ids = set()
        for line in lines[:BREAKPOINTS]:
            ids.add((await tools.ok("set_breakpoint", file_path="scale.py", line=line))["breakpoint_id"])
        set_ms = (time.monotonic() - began) * 1000 / BREAKPOINTS
        began = time.monotonic()
        listed = await tools.ok("list_breakpoints")
        list_ms = round((time.monotonic() - began) * 1000)
        assert len(ids) == BREAKPOINTS
        # An answer lists 100 (in creation order) and counts the rest.
        assert listed["total_count"] == BREAKPOINTS and listed["omitted"] == BREAKPOINTS - 100, listed["omitted"]
        assert [bp["line"] for bp in listed["breakpoints"]] == lines[:100]
        assert {bp["id"] for bp in listed["breakpoints"]} <= ids
        # They all hold in a session: the first one stops the program.
        started = await tools.start("Scale")
        assert started["execution"]["new_location"]["line"] == lines[0], started
        figure("breakpoints set / listed", f"{BREAKPOINTS}/{len(listed['breakpoints'])}")
        figure("breakpoints: set_breakpoint mean ms / list_breakpoints ms", f"{round(set_ms, 1)}/{list_ms}")
        figure("breakpoints: list_breakpoints answer bytes", len(json.dumps(listed)))


async def test_a_thousand_element_list_paged_by_expand_variable(binary, state_dir):
    """A long list is listed by its elements in order (read by the server's own guarded
    listing, not debugpy's `len()`/`more` nodes): `total_count` is its length,
    `max_children` caps a page (100 by default, at most 500) and `omitted` counts the rest.
    The elements past a page are read by expanding a slice from evaluate, or one by one."""
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="scale.py", line=harness.line_of("scale.py", "scale_ready"))
        await tools.start("Scale")
        default = await tools.ok("expand_variable", path="items")
        first = await tools.ok("expand_variable", path="items", max_children=1000)
        capped = await tools.ok("expand_variable", path="items", max_children=250)
        for page, shown in ((default, 100), (first, 500), (capped, 250)):
            assert [c["name"] for c in page["children"]] == [str(i) for i in range(shown)], page["children"][-1]
            assert page["total_count"] == 1000 and page["omitted"] == 1000 - shown, page["omitted"]
        rest_source = await tools.ok("evaluate", expression="items[500:]")
        assert rest_source["result"]["has_children"], rest_source
        rest = await tools.ok("expand_variable", variable_id=rest_source["result"]["id"], max_children=500)
        assert rest["total_count"] == 500 and not rest.get("omitted"), rest.get("omitted")
        pages = [(0, first["children"]), (500, rest["children"])]
        indexed = [(offset + int(c["name"]), c["value"]) for offset, page in pages for c in page]
        assert [i for i, _ in indexed] == list(range(1000)), "the two pages together are the whole list"
        assert all(value == str(i * 2) for i, value in indexed)
        for page in (first, rest):
            assert len(json.dumps(page, separators=(",", ":"), ensure_ascii=False)) <= 40_000
        assert (await tools.ok("evaluate", expression="items[999]"))["result"]["value"] == "1998"
        figure("1,000-element list: default page / max page / capped page(250) omitted",
               f"{len(default['children'])}/{len(first['children'])}/{capped['omitted']}")
        figure("1,000-element list: answer bytes of the [500:] page", len(json.dumps(rest)))
        # A dict's page of 500 entries passes the answer budget: the answer keeps its first
        # entries, in the dict's order, and counts the rest rather than failing.
        table = await tools.ok("expand_variable", path="table", max_children=1000)
        keys = [c["name"] for c in table["children"]]
        assert keys == [f"'k{n}'" for n in range(len(keys))] and len(keys) >= 400, keys[-1]
        assert len(table["children"]) + table["omitted"] == table["total_count"] == 1000
        assert "40000 characters" in table["cut"], table["cut"]
        figure("1,000-entry dict: entries shown within the answer budget", len(keys))


async def test_five_sessions_step_and_read_at_once(binary, state_dir):
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="loop.py", line=harness.line_of("loop.py", "loop_body"))
        sessions = [(await tools.start("Loop"))["session_id"] for _ in range(SESSIONS)]
        assert len(set(sessions)) == SESSIONS
        totals: dict[str, list[int]] = {}
        latencies: list[float] = []

        async def drive(session_id: str) -> None:
            seen = []
            for _ in range(STEPS):
                began = time.monotonic()
                stepped = await tools.ok("step_over", session_id=session_id, timeout=30)
                assert stepped["paused_reason"] in ("step", "breakpoint"), stepped
                seen.append(int((await tools.variables(session_id=session_id))["total"]))
                latencies.append(time.monotonic() - began)
            totals[session_id] = seen

        began = time.monotonic()
        with anyio.fail_after(120):
            async with anyio.create_task_group() as group:
                for session_id in sessions:
                    group.start_soon(drive, session_id)
        elapsed = time.monotonic() - began
        # Each session ran its own loop: the totals grow the same way in every one.
        assert len({tuple(seen) for seen in totals.values()}) == 1, totals
        assert all(seen == sorted(seen) and seen[-1] > 0 for seen in totals.values()), totals
        listed = await tools.ok("list_debug_sessions")
        assert sum(s["state"] == "paused" for s in listed["sessions"]) == SESSIONS
        for session_id in sessions:
            assert (await tools.ok("stop_debug_session", session_id=session_id))["status"] == "stopped"
        latencies.sort()
        figure("5 concurrent sessions: step+read rounds / seconds",
               f"{len(latencies)}/{round(elapsed, 1)}")
        figure("5 concurrent sessions: step+read p50 / max ms",
               f"{round(latencies[len(latencies) // 2] * 1000)}/{round(latencies[-1] * 1000)}")
