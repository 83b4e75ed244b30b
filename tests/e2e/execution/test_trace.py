"""`trace_execution`: probes evaluated at each hit, the program going
on, one compact transcript; its own breakpoints removed whatever happens, the user's
never touched. Real debugpy, the official SDK."""

from __future__ import annotations

import pytest

from conftest import PROGRAMS, line_of

pytestmark = pytest.mark.anyio

PROGRAM = "accumulate.py"


def probe(mark: str, *expressions: str, **extra):
    return {"file_path": PROGRAM, "line": line_of(PROGRAM, mark), "expressions": list(expressions), **extra}


async def breakpoints(t) -> list[dict]:
    return (await t.ok("list_breakpoints"))["breakpoints"]


async def test_a_trace_over_a_thousand_hits_stays_within_its_budget(server):
    async with server() as t:
        trace = await t.ok("trace_execution", configuration_name="Accumulate",
                           probes=[probe("accumulate", "i", "total")], max_hits=50)
        assert trace["ended"] == "hit_budget" and trace["state"] == "paused", trace
        assert len(trace["hits"]) == 50 and trace["never_hit"] == []
        expected_total = 0
        for n, hit in enumerate(trace["hits"]):
            assert (hit["probe"], hit["hit"]) == (0, n + 1)
            assert hit["values"] == {"i": str(n), "total": str(expected_total)}, hit
            expected_total += n * 2
        assert await breakpoints(t) == [], "the trace leaves no breakpoint behind"
        # The program is left where the budget ran out, and goes on without the probe.
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 0


async def test_a_trace_to_the_program_end(server):
    async with server() as t:
        trace = await t.ok("trace_execution", configuration_name="Accumulate", probes=[
            probe("accumulate", "i", max_hits=3),
            probe("halfway", "total", "i", "halfway"),
            probe("never", "never"),
            probe("accumulate_done", "total", "print('side effect')"),
        ])
        assert trace["ended"] == "program_ended" and trace["state"] == "stopped", trace
        assert trace["exit_code"] == 0 and "total 999000" in trace["output"]
        assert [(h["probe"], h["values"]) for h in trace["hits"][:3]] == [(0, {"i": "0"}), (0, {"i": "1"}),
                                                                         (0, {"i": "2"})]
        halfway = [h for h in trace["hits"] if h["probe"] == 1]
        assert [h["values"] for h in halfway] == [{"total": str(sum(i * 2 for i in range(501))), "i": "500"}]
        assert "halfway" in halfway[0]["errors"], "not assigned yet when its line is reached"
        [done] = [h for h in trace["hits"] if h["probe"] == 3]
        assert done["values"] == {"total": "999000"}
        assert "print('side effect')" in done["errors"], "the side-effect guard applies"
        assert trace["never_hit"] == [2]
        assert len(trace["hits"]) == 5
        assert await breakpoints(t) == []


async def test_a_trace_from_a_stop_keeps_the_users_breakpoints(server):
    async with server() as t:
        mine = await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "halfway"))
        shared = await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "accumulate_done"))
        before = await breakpoints(t)
        started = await t.start("Accumulate")
        assert started["execution"]["new_location"]["line"] == line_of(PROGRAM, "halfway")
        trace = await t.ok("trace_execution", probes=[probe("accumulate", "i", max_hits=4),
                                                      probe("accumulate_done", "total")])
        assert [h["values"]["i"] for h in trace["hits"] if h["probe"] == 0] == ["501", "502", "503", "504"]
        # The probe on the user's own breakpoint used it: it is a hit there, and it stays.
        assert [h["values"] for h in trace["hits"] if h["probe"] == 1] == [{"total": "999000"}]
        assert trace["ended"] == "program_ended"
        after = await breakpoints(t)
        assert [(b["id"], b["line"], b["condition"]) for b in after] == \
               [(b["id"], b["line"], b["condition"]) for b in before]
        assert {b["id"] for b in after} == {mine["breakpoint_id"], shared["breakpoint_id"]}


async def test_a_stop_that_is_not_a_probe_ends_the_trace_there(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "halfway"))
        trace = await t.ok("trace_execution", configuration_name="Accumulate",
                           probes=[probe("accumulate", "i", max_hits=10)])
        assert trace["ended"] == "paused_elsewhere" and trace["state"] == "paused", trace
        assert len(trace["hits"]) == 10
        status = await t.status()
        assert status["current_location"]["line"] == line_of(PROGRAM, "halfway")
        assert [b["line"] for b in await breakpoints(t)] == [line_of(PROGRAM, "halfway")]


async def test_bad_probes_change_nothing(server):
    async with server() as t:
        await t.err("trace_execution", "invalid_params", configuration_name="Accumulate", probes=[])
        await t.err("trace_execution", "invalid_params", configuration_name="Accumulate",
                    probes=[probe("accumulate")])
        await t.err("trace_execution", "path_outside_project", configuration_name="Accumulate",
                    probes=[probe("accumulate", "i"), {"file_path": "../../etc/passwd", "line": 1,
                                                       "expressions": ["x"]}])
        blank = 2
        assert (PROGRAMS / PROGRAM).read_text().splitlines()[blank - 1] == ""
        await t.err("trace_execution", "invalid_location", configuration_name="Accumulate",
                    probes=[{"file_path": PROGRAM, "line": blank, "expressions": ["i"]}])
        await t.err("trace_execution", "invalid_params", configuration_name="Accumulate",
                    probes=[probe("accumulate", "i")], max_hits=0)
        await t.err("trace_execution", "no_session", probes=[probe("accumulate", "i")])
        assert await breakpoints(t) == []
        assert (await t.ok("list_debug_sessions"))["sessions"] == []


async def test_a_refused_launch_leaves_no_probe_behind(server):
    async with server(brave=False) as t:
        body = await t.err("trace_execution", "confirmation_required", configuration_name="Accumulate",
                           probes=[probe("accumulate", "i")])
        assert "brave" in body["message"]
        assert await breakpoints(t) == []
        assert (await t.ok("list_debug_sessions"))["sessions"] == []
