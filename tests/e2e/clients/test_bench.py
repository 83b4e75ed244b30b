"""`bench --breakdown` run once, for real: the agent's workflow through raw DAP and the binary
over HTTP and stdio, and each call's time split into the MCP layer, the adapter's requests and
waits, and the server's rest. Then scripts/bench-workflow once: the same workflow end to end
through the official MCP SDK, raw DAP and mcp-debugger. Their figures are not judged (a
benchmark prints ratios, never a timed assertion); that every phase is recorded, that the
parts add up, that every way gave the same answers and that nothing is left behind is."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import psutil
import pytest

from conftest import PYTHON, ROOT

SIDES = ["raw DAP", "HTTP", "stdio"]
CALLS = ["start", "locals", "step_over", "evaluate", "stack", "stop"]
# What each call must have asked the adapter (and waited for), on every side.
PARTS = {
    "start": ["dap:initialize", "dap:launch", "dap:setBreakpoints", "dap:configurationDone", "wait:stopped"],
    "locals": ["dap:variables"],
    "step_over": ["dap:next", "wait:stopped", "dap:stackTrace"],
    "evaluate": ["dap:evaluate"],
    "stack": ["dap:stackTrace"],
    "stop": ["dap:disconnect"],
}
# The server shows debugpy's values through its shim, one evaluate of its listing function
# (program code read under the guard), where raw DAP asks for the variables.
# Its stack was read at the stop (an execution answer reads the frames under the selected
# one to compare stops), so get_stack_trace asks the adapter for no stack.
SERVER_PARTS = {**PARTS, "locals": ["dap:evaluate"], "stack": []}
ROW = re.compile(
    r"^(?P<call>\w+)\s+(?P<side>raw DAP|HTTP|stdio)\s+(?P<total>[\d.]+)\s+(?P<mcp>[\d.]+)\s+"
    r"(?P<adapter>[\d.]+)\s+(?P<rest>[\d.]+)\s+(?P<parts>.+)$"
)


def test_the_breakdown_records_every_phase_and_its_parts_add_up(binary, tmp_path):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    bench = subprocess.Popen(
        [binary, "bench", "--breakdown", "--python", PYTHON, "--rounds", "1", "--warmup", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "TMPDIR": str(scratch)},
        text=True,
    )
    out, err = bench.communicate(timeout=300)
    assert bench.returncode == 0, err + out
    project = scratch / f"jbd-bench-{bench.pid}"

    table = out.split("ratios to raw DAP:", 1)[1].split("where each call's time goes", 1)[0]
    workflow = {line.split("  ")[0].strip(): line for line in table.splitlines()[2:] if line.strip()}
    for phase in ["start", "locals", "5 x step_over", "5 x evaluate", "stack", "stop", "whole workflow"]:
        ratios = re.findall(r"([\d.]+)x", workflow[phase].split(phase, 1)[1])
        assert len(ratios) == 2 and all(float(r) > 0 for r in ratios), workflow[phase]

    rows = {(m["call"], m["side"]): m for m in map(ROW.match, out.splitlines()) if m}
    assert set(rows) == {(call, side) for call in CALLS for side in SIDES}, out
    for (call, side), row in rows.items():
        total, mcp, adapter, rest = (float(row[k]) for k in ["total", "mcp", "adapter", "rest"])
        assert adapter > 0, (call, side, row.string)
        for part in (PARTS if side == "raw DAP" else SERVER_PARTS)[call]:
            assert re.search(rf"{part} [\d.]+", row["parts"]), (call, side, part, row["parts"])
        if side == "raw DAP":
            # Raw DAP reads the adapter's output to its end; the server may reap the adapter
            # before its reader sees the end (then that wait counts as the server's rest).
            assert call != "stop" or "wait:end of stream" in row["parts"], row.string
            assert mcp == 0 and "handler outside the tool" not in row["parts"], row.string
        else:
            assert mcp > 0 and "handler outside the tool" in row["parts"], row.string
        # The median call's parts make up its total, but for rounding.
        assert abs(mcp + adapter + rest - total) <= 0.003, row.string
    # The runtime guard's cost, each expression as written and guarded, in the same program.
    guard = out.split("the runtime guard per expression", 1)[1].splitlines()[2:]
    costs = {line[:18].strip(): line[18:].split() for line in guard if line.strip() and not line.startswith("load")}
    assert set(costs) == {"total", "total + i", "label.upper()", "len(label)", "abs(total - i)"}, guard
    for expression, (plain, guarded, cost) in costs.items():
        assert float(plain) > 0 and float(guarded) > 0, (expression, plain, guarded)
        assert abs(float(guarded) - float(plain) - float(cost)) <= 0.002, (expression, plain, guarded, cost)
    # The bench leaves nothing behind: its scratch project, its servers' shim folders (they
    # are ended as agents end them, so they clean up), every process that ran there.
    assert not project.exists()
    assert list(scratch.iterdir()) == []
    left = [p.info for p in psutil.process_iter(["pid", "cmdline"]) if str(project) in " ".join(p.info["cmdline"] or [])]
    assert left == []


# ----- scripts/bench-workflow ------------------------------------------------------------

WORKFLOW_PHASES = ["start", "locals", "steps", "evaluates", "stack", "stop", "workflow"]
WORKFLOW_ROW = re.compile(r"^\| (?P<label>[^|]+?) \| (?P<cells>.+) \|$")


def run_bench_workflow(binary: str, tmp_path: Path, ways: list[str]) -> dict[str, list[str]]:
    """scripts/bench-workflow run once (--rounds 1) with its own TMPDIR; its table's rows
    by label. It must leave nothing behind: not a file in that TMPDIR, not a process that
    names it, runs in it or carries it in its environment."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    bench = subprocess.run(
        [PYTHON, str(ROOT / "scripts" / "bench-workflow"), "--binary", binary, "--python", PYTHON, "--rounds", "1",
         *ways],
        env={**os.environ, "TMPDIR": str(scratch)}, stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=600,
    )
    assert bench.returncode == 0, bench.stderr[-4000:] + bench.stdout
    out = bench.stdout
    # Every run of every way was checked against what the program must show.
    assert "answers: every run of every way answered the same:" in out, out
    assert list(scratch.iterdir()) == []
    left = []
    for process in psutil.process_iter():
        try:
            seen = [process.cwd(), *process.cmdline(), *process.environ().values()]
        except (psutil.Error, OSError):
            continue
        if any(str(scratch) in s for s in seen):
            left.append((process.pid, process.cmdline()))
    assert left == []
    return {m["label"]: [c.strip() for c in m["cells"].split("|")] for m in map(WORKFLOW_ROW.match, out.splitlines())
            if m}


def test_the_workflow_bench_measures_ours_on_both_transports_and_raw_dap_with_the_same_answers(binary, tmp_path):
    rows = run_bench_workflow(binary, tmp_path, ["--ways", "ours-stdio,ours-http,raw", "--sessions", "2"])
    assert rows["way"] == WORKFLOW_PHASES, rows
    for way in ["ours stdio", "ours http", "raw DAP"]:
        cells = rows[f"{way} (1 runs)"]
        assert len(cells) == len(WORKFLOW_PHASES) and all(float(c) > 0 for c in cells), (way, cells)
    for way in ["ours stdio", "ours http"]:
        ratios = rows[f"{way} / raw DAP"]
        assert len(ratios) == len(WORKFLOW_PHASES) and all(float(r.rstrip("x")) > 0 for r in ratios), ratios
        assert len(rows[f"{way} - raw DAP, per call (ms)"]) == len(WORKFLOW_PHASES)
    memory = rows["2 paused sessions"]
    assert len(memory) == 2 and all(float(mb) > 0 for mb in memory), memory


@pytest.mark.timeout(180)
def test_the_workflow_bench_runs_the_workflow_through_the_typescript_sdk(binary, tmp_path):
    rows = run_bench_workflow(binary, tmp_path, ["--ways", "ours-stdio-ts,ours-http-ts,raw", "--sessions", "0"])
    for way in ["ours stdio TS", "ours http TS"]:
        cells = rows[f"{way} (1 runs)"]
        assert len(cells) == len(WORKFLOW_PHASES) and all(float(c) > 0 for c in cells), (way, cells)
        ratios = rows[f"{way} / raw DAP"]
        assert len(ratios) == len(WORKFLOW_PHASES) and all(float(r.rstrip("x")) > 0 for r in ratios), ratios


def test_the_workflow_bench_drives_mcp_debugger_to_the_same_answers(binary, tmp_path):
    """The peer, installed from npm on first use (pinned; target/bench-workflow-peer) and
    run by the Node 22 of tests/mcp-node.sh, through its own tools."""
    rows = run_bench_workflow(binary, tmp_path, ["--ways", "ours-stdio", "--peer", "--sessions", "0"])
    cells = rows["mcp-debugger (1 runs)"]
    assert len(cells) == len(WORKFLOW_PHASES) and all(float(c) > 0 for c in cells), cells
    ratios = rows["mcp-debugger / ours stdio"]
    assert len(ratios) == len(WORKFLOW_PHASES) and all(float(r.rstrip("x")) > 0 for r in ratios), ratios
