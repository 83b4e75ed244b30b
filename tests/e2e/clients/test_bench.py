"""`bench --breakdown` run once, for real: the agent's workflow through raw DAP and the binary
over HTTP and stdio, and each call's time split into the MCP layer, the adapter's requests and
waits, and the server's rest. Its figures are not judged (a benchmark prints ratios, never a
timed assertion); that every phase is recorded and that the parts add up is."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import psutil

from conftest import PYTHON

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
ROW = re.compile(
    r"^(?P<call>\w+)\s+(?P<side>raw DAP|HTTP|stdio)\s+(?P<total>[\d.]+)\s+(?P<mcp>[\d.]+)\s+"
    r"(?P<adapter>[\d.]+)\s+(?P<rest>[\d.]+)\s+(?P<parts>.+)$"
)


def test_the_breakdown_records_every_phase_and_its_parts_add_up(binary):
    bench = subprocess.Popen(
        [binary, "bench", "--breakdown", "--python", PYTHON, "--rounds", "1", "--warmup", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    out, err = bench.communicate(timeout=300)
    assert bench.returncode == 0, err + out
    project = Path(tempfile.gettempdir()) / f"jbd-bench-{bench.pid}"

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
        for part in PARTS[call]:
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
    # The bench leaves nothing behind: its scratch project and every process that ran there.
    assert not project.exists()
    left = [p.info for p in psutil.process_iter(["pid", "cmdline"]) if str(project) in " ".join(p.info["cmdline"] or [])]
    assert left == []
