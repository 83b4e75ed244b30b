"""Scale against real debugpy: 100+ breakpoints set and listed (answer size printed), a
1,000-element list read in full through expand_variable's pages, and 5 debug sessions
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
    """debugpy shows a long list as its first 100 items and a `more` range ([100:1000]);
    expand_variable pages through both, and `max_children` caps each page. A page that would
    pass the answer budget (40,000 characters) keeps its first entries and counts the rest in
    `omitted`; an element past them is read with evaluate."""
    async with harness.connect(binary, state_dir) as tools:
        await tools.ok("set_breakpoint", file_path="scale.py", line=harness.line_of("scale.py", "scale_ready"))
        await tools.start("Scale")
        first = await tools.ok("expand_variable", path="items")
        default_shown = len(first["children"])
        first = await tools.ok("expand_variable", path="items", max_children=1000)
        by_name = {c["name"]: c for c in first["children"]}
        assert by_name["len()"]["value"] == "1000"
        assert by_name["more"]["has_children"] and by_name["more"]["value"] == "[100:1000]", by_name["more"]
        rest = await tools.ok("expand_variable", variable_id=by_name["more"]["id"], max_children=1000)
        capped = await tools.ok("expand_variable", path="items.more", max_children=250)
        pages = [first["children"], rest["children"]]
        indexed = [(int(c["name"]), c["value"]) for page in pages for c in page if c["name"].isdigit()]
        indices = [i for i, _ in indexed]
        assert len(indices) == len(set(indices)), "pages do not overlap"
        shown = len(rest["children"])
        assert sorted(indices) == list(range(100 + shown)), "each page shows its first elements"
        assert all(value == str(i * 2) for i, value in indexed)
        assert rest["total_count"] == 900 and shown + rest["omitted"] == 900, (shown, rest.get("omitted"))
        assert len(json.dumps(rest, separators=(",", ":"), ensure_ascii=False)) <= 40_000
        assert (await tools.ok("evaluate", expression="items[999]"))["result"]["value"] == "1998"
        assert len(capped["children"]) == 250 and capped["omitted"] == 650, (capped["total_count"], capped["omitted"])
        figure("1,000-element list: default page / first page / more page / capped page(250) omitted",
               f"{default_shown}/{len(first['children'])}/{len(rest['children'])}/{capped['omitted']}")
        figure("1,000-element list: answer bytes of the [100:1000] page", len(json.dumps(rest)))
        # A dict is cut by debugpy itself at 500 items (PYDEVD_CONTAINER_RANDOM_ACCESS_MAX_ITEMS,
        # said in a child of its own after them); the answer lists its first entries and
        # counts the rest rather than failing.
        table = await tools.ok("expand_variable", path="table", max_children=1000)
        keys = [c["name"] for c in table["children"] if c["name"].startswith("'k")]
        assert len(keys) == len(set(keys)) >= 400, len(keys)
        assert len(table["children"]) + table.get("omitted", 0) == table["total_count"] > 500
        figure("1,000-entry dict: entries shown by debugpy", len(keys))


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
